// demo.*: the public protection demos (two-factor code check, honeypot form, the shared activity log).
import { z } from 'zod';
import { router, publicProcedure } from '../trpc/init';
import { verifyCodeInput } from '../../shared/schemas/auth';
import { messageResult } from '../../shared/schemas/user';
import { verifyDemoCode } from '../demo/twofa';
import { demoSubmitInput, submitDemoForm } from '../demo/submit';
import { HONEYPOT_FIELDS } from '../../shared/schemas/demo';
import { CLIENT_EVENT_KINDS, DEMO_EVENT_CAPACITY, DEMO_EVENT_KINDS, DEMO_PAGES, demoEvents } from '../demo/events';

const demoEvent = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(DEMO_EVENT_KINDS),
  page: z.enum(DEMO_PAGES),
  fields: z.array(z.string()).optional(),
});

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
    .output(z.object({ ok: z.literal(true), active: z.literal(true), fields: z.array(z.string()) }))
    .query(() => ({ ok: true as const, active: true as const, fields: [...HONEYPOT_FIELDS] })),

  events: publicProcedure
    .input(z.object({ limit: z.coerce.number().int().min(1).max(DEMO_EVENT_CAPACITY).default(10) }).default({ limit: 10 }))
    .output(z.object({ events: z.array(demoEvent) }))
    .query(({ input }) => ({ events: demoEvents.latest(input.limit) })),

  recordEvent: publicProcedure
    .input(z.object({ kind: z.enum(CLIENT_EVENT_KINDS), page: z.enum(DEMO_PAGES) }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => {
      ctx.limiter.hit(`demo-events:ip:${ctx.ip}`, RECORD_RULE);
      demoEvents.record(input, ctx.now());
      return { success: true as const };
    }),
});
