// wizard.saveProgress: the workflow's autosave. Lives apart from the newsletter engine's wizard router,
// which mounts it as one line, so each side owns its file.
import { protectedProcedure } from '../trpc/init';
import { publicationDto } from '../../shared/schemas/publications';
import { saveProgressInput } from '../../shared/schemas/wizard-progress';
import { saveProgress } from '../publications/progress';

export const saveProgressProcedure = protectedProcedure
  .input(saveProgressInput)
  .output(publicationDto)
  .mutation(({ ctx, input }) => saveProgress(ctx, input));
