// wizard.*: the newsletter workflow's server side (assembly here; progress autosave, with its own contract
// in shared/schemas/wizard-progress.ts, spread in beside it).
import { router, costly } from '../trpc/init';
import { implement } from '../trpc/implement';
import { assembleForOwner } from '../newsletter/assemble';
import { resolveAssembleInput } from '../publications/assemble-input';
import { saveProgress } from '../publications/progress';
import { wizardContract } from '../../shared/schemas/wizard';
import { wizardProgressContract } from '../../shared/schemas/wizard-progress';

export const wizardRouter = router({
  ...implement(wizardProgressContract, { saveProgress }),
  ...implement(wizardContract, {
    // A read: the stored workflow of the named publication (shared ones included) under the request's
    // overrides, or the request's full data when it names none (the documented REST body).
    assemble: {
      use: [costly('render')],
      run: async (ctx, input) => {
        const resolved = await resolveAssembleInput(ctx, input, 'view');
        return { success: true as const, data: await assembleForOwner(ctx, resolved.ownerId, resolved.input) };
      },
    },
  }),
});
