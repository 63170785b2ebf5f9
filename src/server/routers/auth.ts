// auth.*: sign-up, sign-in, sign-out, session check, one-time codes, password reset, providers.
import { z } from 'zod';
import { router, publicProcedure, protectedProcedure } from '../trpc/init';
import {
  authCheckResult,
  authResult,
  codeVerifiedResult,
  forgotPasswordInput,
  providersResult,
  resetPasswordInput,
  sendCodeInput,
  signInInput,
  signUpInput,
  signedOutResult,
  verifyCodeInput,
} from '../../shared/schemas/auth';
import { messageResult } from '../../shared/schemas/common';
import { signIn, signOut, signUp } from '../auth/accounts';
import { sendCode, verifyCode } from '../auth/codes';
import { requestReset, resetPassword } from '../auth/reset';
import { configuredProviders } from '../auth/oauth';
import { authCheck, toUserDto } from '../user/dto';

export const authRouter = router({
  signUp: publicProcedure
    .input(signUpInput)
    .output(authResult)
    .mutation(async ({ ctx, input }) => ({ success: true as const, user: toUserDto(await signUp(ctx, input), ctx.now()) })),

  signIn: publicProcedure
    .input(signInInput)
    .output(authResult)
    .mutation(async ({ ctx, input }) => ({ success: true as const, user: toUserDto(await signIn(ctx, input), ctx.now()) })),

  signOut: protectedProcedure
    .input(z.void())
    .output(signedOutResult)
    .mutation(async ({ ctx }) => {
      await signOut(ctx);
      return { success: true as const };
    }),

  check: publicProcedure
    .input(z.void())
    .output(authCheckResult)
    .query(({ ctx }) => authCheck(ctx.user, ctx.now())),

  sendCode: publicProcedure
    .input(sendCodeInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => sendCode(ctx, input.email, input.purpose)),

  verifyCode: publicProcedure
    .input(verifyCodeInput)
    .output(codeVerifiedResult)
    .mutation(async ({ ctx, input }) => {
      const r = await verifyCode(ctx, input.email, input.code);
      return { success: true as const, message: r.message, user: toUserDto(r.user, ctx.now()) };
    }),

  forgotPassword: publicProcedure
    .input(forgotPasswordInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => requestReset(ctx, input.email)),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => resetPassword(ctx, input.token, input.password)),

  providers: publicProcedure
    .input(z.void())
    .output(providersResult)
    .query(({ ctx }) => configuredProviders(ctx.env)),
});
