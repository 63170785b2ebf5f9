// user.*: the signed-in user's profile.
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { updateProfileInput } from '../../shared/schemas/auth';
import { userDto } from '../../shared/schemas/user';
import { updateProfile } from '../user/profile';
import { sessionUserDto, toUserDto } from '../user/dto';

export const userRouter = router({
  // The session middleware read this user's row (or its copy of the last few seconds); no second query.
  get: protectedProcedure
    .input(z.void())
    .output(userDto)
    .query(({ ctx }) => sessionUserDto(ctx.user, ctx.now())),

  update: protectedProcedure
    .input(updateProfileInput)
    .output(userDto)
    .mutation(async ({ ctx, input }) => toUserDto(await updateProfile(ctx, ctx.user.id, input), ctx.now())),
});
