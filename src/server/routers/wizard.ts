// wizard.*: the newsletter workflow's server side (assembly here; progress autosave mounted from its own file).
import { router, protectedProcedure, costly } from '../trpc/init';
import { assembleResult } from '../../shared/schemas/newsletter';
import { assembleForOwner } from '../newsletter/assemble';
import { resolveAssembleInput } from '../publications/assemble-input';
import { assembleRequest } from '../../shared/schemas/wizard';
import { saveProgressProcedure } from './wizard-progress';

export const wizardRouter = router({
  saveProgress: saveProgressProcedure,
  // A read: the stored workflow of the named publication (shared ones included) under the request's
  // overrides, or the request's full data when it names none (the documented REST body).
  assemble: protectedProcedure
    .use(costly('render'))
    .input(assembleRequest)
    .output(assembleResult)
    .query(async ({ ctx, input }) => {
      const resolved = await resolveAssembleInput(ctx, input, 'view');
      return { success: true as const, data: await assembleForOwner(ctx, resolved.ownerId, resolved.input) };
    }),
});
