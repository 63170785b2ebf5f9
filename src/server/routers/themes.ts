// themes.*: the catalogue with lock flags for the caller's plan (anonymous visitors see free access),
// and the caller's saved themes: list, preview while building, save (create under the plan's cap or
// update), delete.
import { z } from 'zod';
import { router, publicProcedure, protectedProcedure, costly } from '../trpc/init';
import { themesForUser } from '../../shared/themes';
import { removedResult } from '../../shared/schemas/common';
import {
  customThemeDto,
  previewThemeInput,
  saveThemeInput,
  themeForUser,
  themeIdInput,
  themeLogo,
  themePreview,
  uploadLogoInput,
} from '../../shared/schemas/themes';
import { deleteCustomTheme, listCustomThemes, saveCustomTheme } from '../themes/custom-themes';
import { previewCustomTheme } from '../themes/preview';
import { uploadLogo } from '../themes/logo';

export const themesRouter = router({
  list: publicProcedure
    .input(z.void())
    .output(z.array(themeForUser))
    .query(({ ctx }) => themesForUser(ctx.user)),
  mine: protectedProcedure
    .input(z.void())
    .output(z.array(customThemeDto))
    .query(({ ctx }) => listCustomThemes(ctx)),
  preview: protectedProcedure
    .use(costly('render'))
    .input(previewThemeInput)
    .output(themePreview)
    .query(({ ctx, input }) => previewCustomTheme(ctx, input)),
  save: protectedProcedure
    .input(saveThemeInput)
    .output(customThemeDto)
    .mutation(({ ctx, input }) => saveCustomTheme(ctx, input)),
  /** A logo for a saved theme (also POST /api/uploads/theme-logo with the raw image). */
  uploadLogo: protectedProcedure
    .input(uploadLogoInput)
    .output(themeLogo)
    .mutation(({ ctx, input }) => uploadLogo(ctx, input.bytes)),
  remove: protectedProcedure
    .input(themeIdInput)
    .output(removedResult)
    .mutation(({ ctx, input }) => deleteCustomTheme(ctx, input.id)),
});
