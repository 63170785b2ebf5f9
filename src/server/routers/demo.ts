// demo.*: the public protection demos (two-factor code check, honeypot form, the shared activity log).
import { z } from 'zod';
import { router, publicProcedure } from '../trpc/init';
import { verifyCodeInput } from '../../shared/schemas/auth';
import { messageResult } from '../../shared/schemas/common';
import {
  HONEYPOT_FIELDS,
  demoEventsInput,
  demoEventsResult,
  demoSubmitInput,
  honeypotResult,
  recordEventInput,
  recordedResult,
} from '../../shared/schemas/demo';
import { verifyDemoCode } from '../demo/twofa';
import { submitDemoForm } from '../demo/submit';
import { demoEvents } from '../demo/events';

// A browser may report at most this many events a minute (the log is small and shared by everyone).
const RECORD_RULE = { limit: 60, windowMs: 60_000 };

export const demoRouter = router({
  verifyCode: publicProcedure
    .input(verifyCodeInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => verifyDemoCode(ctx, input.email, input.code)),

  submit: publicProcedure
    .input(demoSubmitInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => submitDemoForm(ctx, input)),

  honeypot: publicProcedure
    .input(z.void())
    .output(honeypotResult)
    .query(() => ({ ok: true as const, active: true as const, fields: [...HONEYPOT_FIELDS] })),

  events: publicProcedure
    .input(demoEventsInput)
    .output(demoEventsResult)
    .query(({ input }) => ({ events: demoEvents.latest(input.limit) })),

  recordEvent: publicProcedure
    .input(recordEventInput)
    .output(recordedResult)
    .mutation(async ({ ctx, input }) => {
      await ctx.limiter.hit(`demo-events:ip:${ctx.ip}`, RECORD_RULE);
      demoEvents.record(input, ctx.now());
      return { success: true as const };
    }),
});
