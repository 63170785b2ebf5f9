// wizard.*: the newsletter workflow's server side (assembly here; progress autosave mounted from its own file).
import { router, protectedProcedure, costly } from '../trpc/init';
import { assembleInput, assembleResult } from '../../shared/schemas/newsletter';
import { assembleNewsletter } from '../newsletter/assemble';
import { saveProgressProcedure } from './wizard-progress';

export const wizardRouter = router({
  saveProgress: saveProgressProcedure,
  assemble: protectedProcedure
    .use(costly('render'))
    .input(assembleInput)
    .output(assembleResult)
    .mutation(({ ctx, input }) => ({ success: true as const, data: assembleNewsletter(ctx, input) })),
});
