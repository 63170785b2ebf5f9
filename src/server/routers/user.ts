// user.*: the signed-in user's profile.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { userContract } from '../../shared/schemas/user';
import { updateProfile } from '../user/profile';
import { sessionUserDto, toUserDto } from '../user/dto';

export const userRouter = router(
  implement(userContract, {
    // The session middleware read this user's row (or its copy of the last few seconds); no second query.
    get: (ctx) => sessionUserDto(ctx.user, ctx.now()),
    update: async (ctx, input) => toUserDto(await updateProfile(ctx, ctx.user.id, input), ctx.now()),
  }),
);
