// wizard.saveProgress: the workflow's autosave. Lives apart from the newsletter engine's wizard router,
// which mounts it as one line, so each side owns its file.
import { protectedProcedure } from '../trpc/init';
import { publicationDto, saveProgressInput } from '../publications/schemas';
import { saveProgress } from '../publications/progress';

export const saveProgressProcedure = protectedProcedure
  .input(saveProgressInput)
  .output(publicationDto)
  .mutation(({ ctx, input }) => saveProgress(ctx, input));
