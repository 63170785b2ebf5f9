// The security demo's form: name, e-mail and message are required, and the hidden honeypot fields must
// stay empty (a person never sees them; form-filling bots do). Every outcome is logged as a demo event.
import { DEMO_MSG, HONEYPOT_FIELDS, type DemoSubmitInput } from '../../shared/schemas/demo';
import { AppError } from '../errors';
import type { Context } from '../context';
import { leadsIpRule } from '../leads/rate-rules';
import { demoEvents } from './events';

/** Refuses a submission whose honeypots were filled; nothing of what was typed is kept. */
export async function submitDemoForm(ctx: Pick<Context, 'env' | 'limiter' | 'now' | 'ip'>, input: DemoSubmitInput) {
  // Limited like the landing page's lead form: the demo is public and every submission is logged.
  await ctx.limiter.hit(`demo:ip:${ctx.ip}`, leadsIpRule(ctx.env));
  const now = ctx.now();
  const filled = HONEYPOT_FIELDS.filter((f) => (input[f] ?? '').trim() !== '');
  if (filled.length > 0) {
    demoEvents.record({ kind: 'honeypot_triggered', page: 'security-demo', fields: filled }, now);
    throw new AppError('BAD_REQUEST', DEMO_MSG.honeypot);
  }
  demoEvents.record({ kind: 'form_accepted', page: 'security-demo' }, now);
  return { success: true as const, message: DEMO_MSG.accepted };
}
