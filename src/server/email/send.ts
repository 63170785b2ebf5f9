// Sending an assembled newsletter from step 5: a test to the user's own address, or to a short typed
// list (at most 10), with HTML and plain-text parts. Both are tests: "[Test] " before the subject, a
// banner on top instead of the subscription line, and no List-Unsubscribe (nobody subscribed). Both go through the creator's own provider chain,
// exactly as their issues do (the system chain when they have none). Sends are rate-limited
// per user; sending to subscriber lists is a different feature.
// The product's own address is the sender and the creator is only its display name (and the Reply-To):
// mail from us must never look as if anyone could write it. Other people's addresses need a verified
// account address, so a throw-away sign-up cannot mail strangers.
import type { AuthedContext } from '../context';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import type { SendResult, SendTestInput, SendToAddressesInput } from '../../shared/schemas/email';
import type { AssembledNewsletter } from '../../shared/schemas/newsletter';
import { assembleForOwner } from '../newsletter/assemble';
import { resolveAssembleInput } from '../publications/assemble-input';
import { mailboxWithName } from '../mail/headers';
import { MailRefusedError, sendMail } from '../mail/mailer';
import { chainFor } from '../mail/chain';
import { markTestSent } from '../dashboard/dashboard';

/** Messages a user may send per hour, counted per recipient. */
export const SEND_RULE = { limit: 20, windowMs: 60 * 60 * 1000 };

type Ctx = AuthedContext;

/** A provider's refusal is worth showing (it names the refused recipient); an outage or anything else is generic. */
function failureMessage(err: unknown, fallback: string): string {
  if (err instanceof MailRefusedError && err.refusedByProvider) return `${fallback}: ${err.reply.slice(0, 300)}`;
  return fallback;
}

const sendKey = (ctx: Ctx) => `send:user:${ctx.user.id}`;

async function sendEach(ctx: Ctx, recipients: string[], newsletter: AssembledNewsletter, failMsg: string): Promise<SendResult> {
  const key = sendKey(ctx);
  // The first recipient over the limit refuses the whole request; later ones fail individually, so
  // the answer says exactly who got the newsletter.
  await ctx.limiter.hit(key, SEND_RULE);
  const sent: SendResult['sent'] = [];
  const failed: SendResult['failed'] = [];
  let carrier: SendResult['transport'] | null = null;
  for (const [i, to] of recipients.entries()) {
    if (i > 0) {
      try {
        await ctx.limiter.hit(key, SEND_RULE);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        failed.push({ to, message: err.message });
        continue;
      }
    }
    try {
      const info = await sendMail(ctx, ctx.user.id, {
        to,
        from: mailboxWithName(ctx.user.name, ctx.env.MAIL_FROM),
        replyTo: ctx.user.email,
        subject: newsletter.subject,
        text: newsletter.text,
        html: newsletter.html,
        logNote: 'newsletter send',
      });
      sent.push({ to, messageId: info.messageId });
      carrier = info.transport;
    } catch (err) {
      ctx.log.error(`newsletter send to ${to} failed`, err);
      failed.push({ to, message: failureMessage(err, failMsg) });
    }
  }
  const transport = carrier ?? (await chainFor(ctx, ctx.user.id))[0]!.kind;
  return { success: failed.length === 0, transport, subject: newsletter.subject, sent, failed };
}

async function assemble(ctx: Ctx, input: SendTestInput): Promise<AssembledNewsletter> {
  // A user already at the limit is refused before any assembly work.
  await ctx.limiter.check(sendKey(ctx), SEND_RULE);
  const resolved = await resolveAssembleInput(ctx, input);
  const assembled = await assembleForOwner(ctx, resolved.ownerId, resolved.input, { test: true });
  return { ...assembled, subject: testSubject(assembled.subject) };
}

/** A test's subject says it is one, so it is never mistaken in an inbox for the issue readers got. */
export const testSubject = (subject: string) => `[Test] ${subject}`;

export async function sendTest(ctx: Ctx, input: SendTestInput): Promise<SendResult> {
  const newsletter = await assemble(ctx, input);
  const result = await sendEach(ctx, [ctx.user.email], newsletter, MSG.testEmailFailed);
  // The dashboard's checklist ticks "a test to yourself" once one reached the provider.
  if (result.sent.length) await markTestSent(ctx.db, ctx.user.id, ctx.now());
  return result;
}

export async function sendToAddresses(ctx: Ctx, input: SendToAddressesInput): Promise<SendResult> {
  const { addresses, ...rest } = input;
  if (!ctx.user.emailVerifiedAt && addresses.some((a) => a !== ctx.user.email)) throw new AppError('FORBIDDEN', MSG.verifyEmailToSend);
  const newsletter = await assemble(ctx, rest);
  return sendEach(ctx, addresses, newsletter, MSG.sendEmailFailed);
}
