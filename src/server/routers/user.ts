// user.*: the signed-in user's profile.
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { updateProfileInput } from '../../shared/schemas/auth';
import { userDto } from '../../shared/schemas/user';
import { getUser, updateProfile } from '../user/profile';
import { toUserDto } from '../user/dto';

export const userRouter = router({
  get: protectedProcedure
    .input(z.void())
    .output(userDto)
    .query(({ ctx }) => toUserDto(getUser(ctx.db, ctx.user.id), ctx.now())),

  update: protectedProcedure
    .input(updateProfileInput)
    .output(userDto)
    .mutation(({ ctx, input }) => toUserDto(updateProfile(ctx.db, ctx.user.id, input, ctx.now()), ctx.now())),
});
