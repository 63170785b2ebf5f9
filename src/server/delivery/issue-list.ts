// The creator's issues in one list (/newsletters): saved newsletters not sent yet, and every issue send
// (scheduled, sending, paused, sent, failed, canceled) with its audience, delivery and, where the plan
// tracks, its unique opens and clicks; newest first by keyset cursor. Two keyset queries (drafts by
// their last change, sends by when they were due) merged here: each returns the next `limit + 1` rows
// after the cursor in the same order, so the merge is the union's page on either database.
import { and, desc, eq, inArray, isNull, lt, lte, ne, notExists, or, sql, type AnyColumn } from 'drizzle-orm';
import type { AuthedContext } from '../context';
import { issueSends, newsletters, publications, type SEND_STATUSES } from '../../../db/schema';
import { decodeCursor, encodeCursor } from '../cursor';
import type { ISSUE_FILTERS, IssueListInput, IssueListItem, IssueListPage } from '../../shared/schemas/issues';
import { DRAFT_STATUSES } from '../../shared/schemas/newsletter';
import { capabilitiesFor } from '../../shared/plans';
import { aggregate } from '../analytics/analytics';
import { publicBaseFor } from '../domains/custom-domains';

type Ctx = Pick<AuthedContext, 'db' | 'user' | 'env'>;

/** Ties on the date are broken by kind (sends first) and then id, both descending. */
const RANK = { draft: 0, send: 1 } as const;
export type Key = { at: number; rank: number; id: string };

/** Rows of a kind after the cursor, in the list's order: (at, rank, id) descending. */
function afterCursor(at: AnyColumn, idCol: AnyColumn, rank: number, c: Key | null) {
  if (!c) return undefined;
  const d = new Date(c.at);
  if (rank < c.rank) return lte(at, d);
  if (rank > c.rank) return lt(at, d);
  return or(lt(at, d), and(eq(at, d), lt(idCol, c.id)));
}

const SEND_FILTER: Record<Exclude<(typeof ISSUE_FILTERS)[number], 'all' | 'drafts'>, (typeof SEND_STATUSES)[number][]> = {
  scheduled: ['scheduled'],
  sending: ['sending', 'paused'],
  sent: ['sent'],
};

/** Where a sent issue can be read: its public archive page on the account's address. */
const WEB_STATUSES = new Set(['sending', 'sent']);

/** The cursor's place in the list: (at, rank, id) of the last row shown; null for the first page. */
export function parseIssueCursor(cursor: string | undefined): Key | null {
  const c = cursor ? decodeCursor(cursor, ['n', 'n', 's'] as const) : null;
  return c ? { at: c[0], rank: c[1], id: c[2] } : null;
}

/** The next `take` saved newsletters after the cursor, by last change: those not (or no longer) listed as a send. */
export function draftRowsAfter(ctx: Ctx, cur: Key | null, take: number) {
  return ctx.db
    .select({
      id: newsletters.id,
      title: newsletters.title,
      status: newsletters.status,
      sources: newsletters.contentSources,
      updatedAt: newsletters.updatedAt,
      publicationId: newsletters.publicationId,
      publicationName: publications.name,
    })
    .from(newsletters)
    .leftJoin(publications, eq(publications.id, newsletters.publicationId))
    .where(
      and(
        eq(newsletters.userId, ctx.user.id),
        // A newsletter that went out (or is due to) is listed as its send; one whose send was canceled is a draft again.
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(issueSends)
            .where(and(eq(issueSends.newsletterId, newsletters.id), ne(issueSends.status, 'canceled'))),
        ),
        afterCursor(newsletters.updatedAt, newsletters.id, RANK.draft, cur),
      ),
    )
    .orderBy(desc(newsletters.updatedAt), desc(newsletters.id))
    .limit(take);
}

/** The next `take` sends of the filter after the cursor, by when they were due. */
export function sendRowsAfter(ctx: Ctx, filter: IssueListInput['filter'], cur: Key | null, take: number) {
  return ctx.db
    .select({
      id: issueSends.id,
      subject: issueSends.subject,
      status: issueSends.status,
      scheduledAt: issueSends.scheduledAt,
      startedAt: issueSends.startedAt,
      finishedAt: issueSends.finishedAt,
      total: issueSends.total,
      segmentName: issueSends.segmentName,
      trackOpens: issueSends.trackOpens,
      trackClicks: issueSends.trackClicks,
      newsletterId: issueSends.newsletterId,
      publicationId: issueSends.publicationId,
      publicationName: publications.name,
      slug: publications.slug,
    })
    .from(issueSends)
    .innerJoin(publications, eq(publications.id, issueSends.publicationId))
    .where(
      and(
        eq(issueSends.userId, ctx.user.id),
        // A weekly roll-up gathers issues already listed.
        isNull(issueSends.rollupOf),
        filter === 'all' ? undefined : inArray(issueSends.status, SEND_FILTER[filter as keyof typeof SEND_FILTER]),
        afterCursor(issueSends.scheduledAt, issueSends.id, RANK.send, cur),
      ),
    )
    .orderBy(desc(issueSends.scheduledAt), desc(issueSends.id))
    .limit(take);
}

export type DraftRow = Awaited<ReturnType<typeof draftRowsAfter>>[number];
export type SendRow = Awaited<ReturnType<typeof sendRowsAfter>>[number];
type Merged = { key: Key; draft?: DraftRow; send?: SendRow };

/** Both kinds in the list's order, cut to one page; `last` is the row the next page continues after (none on the last page). */
export function mergePage(draftRows: DraftRow[], sendRows: SendRow[], limit: number): { page: Merged[]; last: Merged | undefined } {
  const merged: Merged[] = [
    ...draftRows.map((d) => ({ key: { at: d.updatedAt.getTime(), rank: RANK.draft, id: d.id }, draft: d })),
    ...sendRows.map((s) => ({ key: { at: s.scheduledAt.getTime(), rank: RANK.send, id: s.id }, send: s })),
    // Within one date and kind the rows are one query's, already in the database's id order (its collation,
    // which the cursor's comparison uses too): the stable sort keeps that order rather than JavaScript's.
  ].sort((a, b) => b.key.at - a.key.at || b.key.rank - a.key.rank);
  const page = merged.slice(0, limit);
  return { page, last: merged.length > limit ? page[page.length - 1] : undefined };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A saved newsletter as the list shows it. */
export function draftItem(d: DraftRow): IssueListItem {
  return {
    kind: 'draft',
    id: d.id,
    title: d.title,
    publicationId: d.publicationId,
    publicationName: d.publicationName,
    status: (DRAFT_STATUSES as readonly string[]).includes(d.status) ? (d.status as (typeof DRAFT_STATUSES)[number]) : 'draft',
    at: d.updatedAt.toISOString(),
    draft: { theme: d.sources.theme ?? null, articleCount: d.sources.articles?.length ?? 0 },
    send: null,
  };
}

/** A send as the list shows it: `figures` its delivery and tracking counts, `analytics` whether the plan shows them, `base` where its web copy lives. */
export function sendItem(s: SendRow, figures: Partial<Record<string, number>>, analytics: boolean, base: string): IssueListItem {
  return {
    kind: 'send',
    id: s.id,
    title: s.subject,
    publicationId: s.publicationId,
    publicationName: s.publicationName,
    status: s.status,
    at: s.scheduledAt.toISOString(),
    draft: null,
    send: {
      scheduledAt: s.scheduledAt.toISOString(),
      startedAt: iso(s.startedAt),
      finishedAt: iso(s.finishedAt),
      recipients: s.total,
      delivered: figures.recipients ?? 0,
      segmentName: s.segmentName,
      opens: analytics && s.trackOpens ? (figures.uniqueOpens ?? 0) : null,
      clicks: analytics && s.trackClicks ? (figures.uniqueClicks ?? 0) : null,
      webUrl: WEB_STATUSES.has(s.status) && s.slug ? `${base}/p/${s.slug}/issues/${s.id}` : null,
      newsletterId: s.newsletterId,
    },
  };
}

export async function listIssues(ctx: Ctx, input: IssueListInput): Promise<IssueListPage> {
  const cur = parseIssueCursor(input.cursor);
  const take = input.limit + 1;
  const draftRows = input.filter === 'all' || input.filter === 'drafts' ? await draftRowsAfter(ctx, cur, take) : [];
  const sendRows = input.filter !== 'drafts' ? await sendRowsAfter(ctx, input.filter, cur, take) : [];
  const { page, last } = mergePage(draftRows, sendRows, input.limit);

  const analytics = capabilitiesFor(ctx.user).analytics;
  const shownSends = page.flatMap((r) => (r.send ? [r.send] : []));
  const figures = await aggregate(
    ctx.db,
    shownSends.map((s) => s.id),
  );
  const base = shownSends.some((s) => WEB_STATUSES.has(s.status) && s.slug) ? await publicBaseFor(ctx, ctx.user.id) : ctx.env.APP_URL;
  const issues = page.map((r) => (r.draft ? draftItem(r.draft) : sendItem(r.send!, figures.get(r.send!.id) ?? {}, analytics, base)));
  return { issues, nextCursor: last ? encodeCursor([last.key.at, last.key.rank, last.key.id]) : null, analytics };
}
