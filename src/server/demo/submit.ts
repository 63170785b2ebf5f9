// The security demo's form: name, e-mail and message are required, and the hidden honeypot fields must
// stay empty (a person never sees them; form-filling bots do). Every outcome is logged as a demo event.
import { HONEYPOT_FIELDS } from '../../shared/schemas/demo';
import { z } from 'zod';
import { AppError } from '../errors';
import type { Context } from '../context';
import { leadsIpRule } from '../leads/rate-rules';
import { emailField } from '../../shared/schemas/auth';
import { demoEvents } from './events';

export const DEMO_MSG = {
  accepted: 'Thanks! Your message passed every check.',
  honeypot: 'Submission rejected: a hidden anti-bot field was filled in. People never see those fields, so we treat this as automated.',
  nameRequired: 'Please enter your name',
  messageRequired: 'Please enter a message',
};

const honeypotShape = Object.fromEntries(HONEYPOT_FIELDS.map((f) => [f, z.string().max(2000).optional()])) as Record<
  (typeof HONEYPOT_FIELDS)[number],
  z.ZodOptional<z.ZodString>
>;

export const demoSubmitInput = z.object({
  name: z.string().trim().min(1, DEMO_MSG.nameRequired).max(100, 'Name is too long'),
  email: emailField,
  message: z.string().trim().min(1, DEMO_MSG.messageRequired).max(2000, 'Message is too long'),
  ...honeypotShape,
});
type DemoSubmitInput = z.infer<typeof demoSubmitInput>;

/** Refuses a submission whose honeypots were filled; nothing of what was typed is kept. */
export function submitDemoForm(ctx: Pick<Context, 'env' | 'limiter' | 'now' | 'ip'>, input: DemoSubmitInput) {
  // Limited like the landing page's lead form: the demo is public and every submission is logged.
  ctx.limiter.hit(`demo:ip:${ctx.ip}`, leadsIpRule(ctx.env));
  const now = ctx.now();
  const filled = HONEYPOT_FIELDS.filter((f) => (input[f] ?? '').trim() !== '');
  if (filled.length > 0) {
    demoEvents.record({ kind: 'honeypot_triggered', page: 'security-demo', fields: filled }, now);
    throw new AppError('BAD_REQUEST', DEMO_MSG.honeypot);
  }
  demoEvents.record({ kind: 'form_accepted', page: 'security-demo' }, now);
  return { success: true as const, message: DEMO_MSG.accepted };
}
