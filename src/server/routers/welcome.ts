// welcome.*: a publication's welcome mail and its sequence (owner only): read, save, and the preview of
// the mail as readers get it.
import { router, protectedProcedure } from '../trpc/init';
import { getWelcome, previewWelcome, saveWelcome } from '../readers/welcome';
import { welcomePreview, welcomePreviewInput, welcomeRef, welcomeSaveInput, welcomeView } from '../../shared/schemas/welcome';

export const welcomeRouter = router({
  get: protectedProcedure
    .input(welcomeRef)
    .output(welcomeView)
    .query(({ ctx, input }) => getWelcome(ctx, input.publicationId)),
  save: protectedProcedure
    .input(welcomeSaveInput)
    .output(welcomeView)
    .mutation(({ ctx, input }) => saveWelcome(ctx, input)),
  /** A query: it changes nothing; the editor asks again as the text changes. */
  preview: protectedProcedure
    .input(welcomePreviewInput)
    .output(welcomePreview)
    .query(({ ctx, input }) => previewWelcome(ctx, input)),
});
