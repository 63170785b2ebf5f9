// themes.*: the catalogue with lock flags for the caller's plan (anonymous visitors see free access).
import { z } from 'zod';
import { router, publicProcedure } from '../trpc/init';
import { themesForUser } from '../../shared/themes';

export const themesRouter = router({
  list: publicProcedure.input(z.void()).query(({ ctx }) => themesForUser(ctx.user)),
});
