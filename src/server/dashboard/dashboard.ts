// The dashboard's own reads and writes: the first-run checklist (computed from the rows each step makes,
// plus what only the app sees: a test sent to yourself, the signup page's address copied or opened, the
// card dismissed, kept in user_checklist) and the overview it leads with (readers, the last issue, whether
// the account is new).
import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { AuthedContext } from '../context';
import type { Db } from '../db';
import { issueSends, publications, sessions, signInEvents, signupForms, subscribers, userChecklist } from '../../../db/schema';
import { capabilitiesFor } from '../../shared/plans';
import { CHECKLIST_ITEMS, type ChecklistKey, type ChecklistView, type OverviewView } from '../../shared/schemas/dashboard';
import { latestIssueStats } from '../analytics/analytics';
import { findOwned } from '../publications/publications';
import { sessionKey } from '../auth/session-store';
import { CODE_TTL_MS } from '../auth/codes';

type Ctx = Pick<AuthedContext, 'db' | 'user' | 'now' | 'sessionId'>;

/** A send counts as the first issue once it was started (scheduled or canceled ones do not). */
const STARTED = ['sending', 'paused', 'sent', 'failed'] as const;
/** Publications looked at for a selected channel (newest first): enough for anyone's first hour. */
const CHANNEL_SCAN = 50;

type Mark = 'testSentAt' | 'signupSharedAt' | 'dismissedAt';

/** Records the first time a checklist fact happened (later ones keep the first time). */
async function mark(db: Db, userId: string, column: Mark, at: Date): Promise<void> {
  await db
    .insert(userChecklist)
    .values({ userId, [column]: at, updatedAt: at })
    .onConflictDoUpdate({ target: userChecklist.userId, set: { [column]: at, updatedAt: at }, setWhere: isNull(userChecklist[column]) });
}

/** Step 5's test to the creator's own address went out. */
export const markTestSent = (db: Db, userId: string, at: Date) => mark(db, userId, 'testSentAt', at);

/** The creator copied or opened their publication's signup page address. */
export async function markSignupShared(ctx: Ctx, publicationId: string): Promise<ChecklistView> {
  await findOwned(ctx.db, ctx.user.id, publicationId);
  await mark(ctx.db, ctx.user.id, 'signupSharedAt', ctx.now());
  return getChecklist(ctx);
}

export async function dismissChecklist(ctx: Ctx): Promise<ChecklistView> {
  await mark(ctx.db, ctx.user.id, 'dismissedAt', ctx.now());
  return getChecklist(ctx);
}

export async function getChecklist(ctx: Ctx): Promise<ChecklistView> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const pubs = await db
    .select({ id: publications.id, workflowData: publications.workflowData })
    .from(publications)
    .where(eq(publications.userId, userId))
    .orderBy(desc(publications.updatedAt), desc(publications.id))
    .limit(CHANNEL_SCAN);
  const ids = pubs.map((p) => p.id);
  const [state] = await db.select().from(userChecklist).where(eq(userChecklist.userId, userId)).limit(1);
  const [sent] = await db
    .select({ n: count() })
    .from(issueSends)
    .where(and(eq(issueSends.userId, userId), inArray(issueSends.status, [...STARTED])));
  // Shared: the address copied or opened in the app, a signup form made for a site, or a reader who
  // came through either (a link shared outside the app shows up there).
  let shared = Boolean(state?.signupSharedAt);
  if (!shared && ids.length) {
    const [form] = await db.select({ n: count() }).from(signupForms).where(inArray(signupForms.publicationId, ids));
    const [joined] = await db
      .select({ n: count() })
      .from(subscribers)
      .where(and(inArray(subscribers.publicationId, ids), inArray(subscribers.source, ['signup', 'form'])));
    shared = (form?.n ?? 0) > 0 || (joined?.n ?? 0) > 0;
  }
  const done: Record<ChecklistKey, boolean> = {
    publication: pubs.length > 0,
    channel: pubs.some((p) => (p.workflowData?.selectedChannels?.length ?? 0) > 0),
    test: Boolean(state?.testSentAt),
    shared,
    send: (sent?.n ?? 0) > 0,
  };
  const items = CHECKLIST_ITEMS.map((i) => ({ key: i.key, done: done[i.key] }));
  return { items, publicationId: ids[0] ?? null, dismissed: Boolean(state?.dismissedAt), complete: items.every((i) => i.done) };
}

/**
 * New: no sign-in recorded before this session, and the session began within a one-time code's life of
 * the account's creation (sign-up opens it at once; a trial is finished by the mailed code; an OAuth
 * sign-up makes both together). A request without a session (an API key) is never new.
 */
async function isNewAccount(ctx: Ctx): Promise<boolean> {
  if (!ctx.sessionId) return false;
  const [session] = await ctx.db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, sessionKey(ctx.sessionId)))
    .limit(1);
  if (!session) return false;
  const started = Number(session.createdAt);
  if (started - ctx.user.createdAt.getTime() > CODE_TTL_MS) return false;
  const [earlier] = await ctx.db
    .select({ n: count() })
    .from(signInEvents)
    .where(and(eq(signInEvents.userId, ctx.user.id), eq(signInEvents.outcome, 'success'), lt(signInEvents.createdAt, new Date(started))));
  return (earlier?.n ?? 0) === 0;
}

export async function getOverview(ctx: Ctx): Promise<OverviewView> {
  const userId = ctx.user.id;
  const readers = await ctx.db
    .select({ status: subscribers.status, n: count() })
    .from(subscribers)
    .innerJoin(publications, eq(publications.id, subscribers.publicationId))
    .where(and(eq(publications.userId, userId), inArray(subscribers.status, ['active', 'pending'])))
    .groupBy(subscribers.status);
  const [pubs] = await ctx.db.select({ n: count() }).from(publications).where(eq(publications.userId, userId));
  const last = await latestIssueStats(ctx.db, userId);
  // Opens and clicks exist only where the plan tracks them and the send had tracking on.
  const tracked = capabilitiesFor(ctx.user).analytics;
  const opens = Boolean(last && tracked && last.trackOpens);
  const clicks = Boolean(last && tracked && last.trackClicks);
  return {
    newAccount: await isNewAccount(ctx),
    readers: {
      active: readers.find((r) => r.status === 'active')?.n ?? 0,
      pending: readers.find((r) => r.status === 'pending')?.n ?? 0,
      publications: pubs?.n ?? 0,
    },
    lastIssue: last && {
      sendId: last.sendId,
      publicationId: last.publicationId,
      publicationName: last.publicationName,
      subject: last.subject,
      status: last.status,
      sentAt: last.sentAt,
      recipients: last.recipients,
      uniqueOpens: opens ? last.uniqueOpens : null,
      openRate: opens ? last.openRate : null,
      uniqueClicks: clicks ? last.uniqueClicks : null,
      clickRate: clicks ? last.clickRate : null,
    },
  };
}
