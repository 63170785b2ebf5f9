// themes.*: the catalogue with lock flags for the caller's plan (anonymous visitors see free access),
// and the caller's saved themes: list, preview while building, save (create under the plan's cap or
// update), delete.
import { router, costly } from '../trpc/init';
import { implement } from '../trpc/implement';
import { themesForUser } from '../../shared/themes';
import { themesContract } from '../../shared/schemas/themes';
import { deleteCustomTheme, listCustomThemes, saveCustomTheme } from '../themes/custom-themes';
import { previewCustomTheme } from '../themes/preview';
import { uploadLogo } from '../themes/logo';

export const themesRouter = router(
  implement(themesContract, {
    list: (ctx) => themesForUser(ctx.user),
    mine: listCustomThemes,
    preview: { use: [costly('render')], run: previewCustomTheme },
    save: saveCustomTheme,
    uploadLogo: (ctx, input) => uploadLogo(ctx, input.bytes),
    remove: (ctx, input) => deleteCustomTheme(ctx, input.id),
  }),
);
