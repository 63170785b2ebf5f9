// welcome.*: a publication's welcome mail and its sequence (owner only): read, save, and the preview of
// the mail as readers get it.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { getWelcome, previewWelcome, saveWelcome } from '../readers/welcome';
import { welcomeContract } from '../../shared/schemas/welcome';

export const welcomeRouter = router(
  implement(welcomeContract, {
    get: (ctx, input) => getWelcome(ctx, input.publicationId),
    save: saveWelcome,
    preview: previewWelcome,
  }),
);
