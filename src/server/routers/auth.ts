// auth.*: sign-up, sign-in, sign-out, session check, one-time codes, password reset, providers.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { authContract } from '../../shared/schemas/auth';
import { signIn, signOut, signUp } from '../auth/accounts';
import { sendCode, verifyCode } from '../auth/codes';
import { requestReset, resetPassword } from '../auth/reset';
import { configuredProviders } from '../auth/oauth';
import { authCheck, toUserDto } from '../user/dto';

export const authRouter = router(
  implement(authContract, {
    signUp: async (ctx, input) => ({ success: true as const, user: toUserDto(await signUp(ctx, input), ctx.now()) }),
    signIn: async (ctx, input) => ({ success: true as const, user: toUserDto(await signIn(ctx, input), ctx.now()) }),
    signOut: async (ctx) => {
      await signOut(ctx);
      return { success: true as const };
    },
    check: (ctx) => authCheck(ctx.user, ctx.now()),
    sendCode: (ctx, input) => sendCode(ctx, input.email, input.purpose),
    verifyCode: async (ctx, input) => {
      const r = await verifyCode(ctx, input.email, input.code);
      return { success: true as const, message: r.message, user: toUserDto(r.user, ctx.now()) };
    },
    forgotPassword: (ctx, input) => requestReset(ctx, input.email),
    resetPassword: (ctx, input) => resetPassword(ctx, input.token, input.password),
    providers: (ctx) => configuredProviders(ctx.env),
  }),
);
