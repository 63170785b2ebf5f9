// demo.*: the public protection demos (two-factor code check, honeypot form, the shared activity log).
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { HONEYPOT_FIELDS, demoContract } from '../../shared/schemas/demo';
import { verifyDemoCode } from '../demo/twofa';
import { submitDemoForm } from '../demo/submit';
import { demoEvents } from '../demo/events';

// A browser may report at most this many events a minute (the log is small and shared by everyone).
const RECORD_RULE = { limit: 60, windowMs: 60_000 };

export const demoRouter = router(
  implement(demoContract, {
    verifyCode: (ctx, input) => verifyDemoCode(ctx, input.email, input.code),
    submit: submitDemoForm,
    honeypot: () => ({ ok: true as const, active: true as const, fields: [...HONEYPOT_FIELDS] }),
    events: (_ctx, input) => ({ events: demoEvents.latest(input.limit) }),
    recordEvent: async (ctx, input) => {
      await ctx.limiter.hit(`demo-events:ip:${ctx.ip}`, RECORD_RULE);
      demoEvents.record(input, ctx.now());
      return { success: true as const };
    },
  }),
);
