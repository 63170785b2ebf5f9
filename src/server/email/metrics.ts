// Today's mail figures for a scope, counted from rows that record real sends and provider reports:
// subscriber mail (send_recipients 'sent') plus direct and test mail (mail_events 'sent' without a
// send), bounces and opens from provider webhooks (mail_events). Transactional mail (codes, resets)
// leaves no such record and is not counted.
import { and, count, countDistinct, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { AuthedContext } from '../context';
import { issueSends, mailEvents, sendRecipients, type MailEventKind } from '../../../db/schema';
import { emailScope } from './health';
import type { EmailScope, MetricsOutput } from '../../shared/schemas/email-admin';

type Ctx = Pick<AuthedContext, 'db' | 'now' | 'user'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day containing `now`: [start, end). */
export function utcDay(now: Date): { start: Date; end: Date; label: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, end: new Date(start.getTime() + DAY_MS), label: start.toISOString().slice(0, 10) };
}

export async function emailMetrics(ctx: Ctx, input: { scope?: EmailScope }): Promise<MetricsOutput> {
  const scope = emailScope(ctx.user, input.scope);
  const { start, end, label } = utcDay(ctx.now());
  const owner = scope.userId;

  const [bulk] = await ctx.db
    .select({ n: count() })
    .from(sendRecipients)
    .innerJoin(issueSends, eq(issueSends.id, sendRecipients.sendId))
    .where(
      and(
        eq(sendRecipients.status, 'sent'),
        gte(sendRecipients.sentAt, start),
        lt(sendRecipients.sentAt, end),
        owner ? eq(issueSends.userId, owner) : undefined,
      ),
    );

  const events = (kind: MailEventKind) =>
    and(eq(mailEvents.kind, kind), gte(mailEvents.at, start), lt(mailEvents.at, end), owner ? eq(mailEvents.userId, owner) : undefined);

  // A 'sent' event tied to a send would also be a send_recipients row; only direct mail is counted here.
  const [direct] = await ctx.db
    .select({ n: count() })
    .from(mailEvents)
    .where(and(events('sent'), isNull(mailEvents.sendId)));
  // One bounce per message, however often the provider reports it.
  const [bounced] = await ctx.db
    .select({ n: countDistinct(sql`coalesce(${mailEvents.providerMessageId}, ${mailEvents.email})`) })
    .from(mailEvents)
    .where(events('bounced'));
  const [opened] = await ctx.db
    .select({ n: countDistinct(sql`coalesce(${mailEvents.providerMessageId}, ${mailEvents.email})`) })
    .from(mailEvents)
    .where(events('opened'));

  const sent = (bulk?.n ?? 0) + (direct?.n ?? 0);
  const bounces = bounced?.n ?? 0;
  const delivered = Math.max(0, sent - bounces);
  return {
    success: true,
    data: { scope: scope.kind, day: label, sent, delivered, opened: opened?.n ?? 0, bounced: bounces },
  };
}
