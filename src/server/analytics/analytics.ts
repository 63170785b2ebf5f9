// Analytics of the issues the product sent (plans with analytics): per issue, who got it, opens
// (total, unique, unique human-likely), clicks (total, unique, per link), unsubscribes, bounces and
// complaints, with rates; trends over the last issues; the figures platforms report for campaigns
// published there (listed apart, by source); a CSV of the per-issue rows. Everything is aggregated
// in SQL over indexes, one query per kind of figure for all listed issues at once.
import { and, count, countDistinct, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AuthedContext } from '../context';
import type { Db } from '../db';
import { AppError } from '../errors';
import { capabilitiesFor } from '../../shared/plans';
import { integrationPublications, issueSends, mailEvents, publications, sendLinks, sendRecipients, trackingEvents } from '../../../db/schema';
import { findOwned } from '../publications/publications';
import type { z } from 'zod';
import type { OverviewInput, PlatformCampaign, issueStats as issueStatsContract, linkStats } from '../../shared/schemas/analytics';
import { csvCell } from '../csv';
import { PLATFORM_NAMES } from '../integrations/platforms';
import { STAT_KEYS } from '../integrations/connectors/types';
import { subjectTestReport, type SubjectTestReport } from './subject-tests';

type Ctx = Pick<AuthedContext, 'db' | 'user' | 'now'>;

export const ANALYTICS_MSG = {
  unavailable: 'Analytics is available for Professional, Business and Enterprise plans',
  issueNotFound: 'Issue not found',
} as const;

/** An issue's figures and a link's (contracts in src/shared/schemas/analytics.ts). */
export type IssueStats = z.infer<typeof issueStatsContract>;
export type LinkStats = z.infer<typeof linkStats>;

function requireAnalytics(user: AuthedContext['user']) {
  if (!capabilitiesFor(user).analytics) throw new AppError('FORBIDDEN', ANALYTICS_MSG.unavailable);
}

const rate = (n: number, d: number) => (d > 0 ? n / d : null);

/** The rates of an issue or of a total, from its counts. */
const ratesOf = (c: { delivered: number; uniqueOpens: number; humanOpens: number; uniqueClicks: number }) => ({
  openRate: rate(c.uniqueOpens, c.delivered),
  humanOpenRate: rate(c.humanOpens, c.delivered),
  clickRate: rate(c.uniqueClicks, c.delivered),
  clickToOpen: rate(c.uniqueClicks, c.uniqueOpens),
});

type SendRow = {
  id: string;
  publicationId: string;
  publicationName: string;
  subject: string;
  status: string;
  startedAt: Date | null;
  scheduledAt: Date;
  trackOpens: boolean;
  trackClicks: boolean;
};

const DELIVERED_STATUSES = ['sending', 'paused', 'sent', 'failed'] as const;

async function listSendRows(db: Db, userId: string, opts: { publicationId?: string; limit: number; sendId?: string }): Promise<SendRow[]> {
  return db
    .select({
      id: issueSends.id,
      publicationId: issueSends.publicationId,
      publicationName: publications.name,
      subject: issueSends.subject,
      status: issueSends.status,
      startedAt: issueSends.startedAt,
      scheduledAt: issueSends.scheduledAt,
      trackOpens: issueSends.trackOpens,
      trackClicks: issueSends.trackClicks,
    })
    .from(issueSends)
    .innerJoin(publications, eq(publications.id, issueSends.publicationId))
    .where(
      and(
        eq(issueSends.userId, userId),
        isNotNull(issueSends.startedAt),
        inArray(issueSends.status, [...DELIVERED_STATUSES]),
        opts.publicationId ? eq(issueSends.publicationId, opts.publicationId) : undefined,
        opts.sendId ? eq(issueSends.id, opts.sendId) : undefined,
      ),
    )
    .orderBy(desc(issueSends.startedAt), desc(issueSends.createdAt), desc(issueSends.id))
    .limit(opts.limit);
}

type Agg = Record<string, number>;

/** The figures of the given sends, keyed by send id: three grouped queries in all. */
export async function aggregate(db: Db, ids: string[]): Promise<Map<string, Agg>> {
  const out = new Map<string, Agg>(ids.map((id) => [id, {}]));
  if (!ids.length) return out;
  // One row per (send, kind, reader) first, walking the (send_id, kind, recipient_id) index in order,
  // then per send: unique counts are the number of such rows.
  const perReader = db
    .select({
      sendId: trackingEvents.sendId,
      kind: trackingEvents.kind,
      n: count().as('n'),
      hn: sql<number>`sum(CASE WHEN ${eq(trackingEvents.machine, false)} THEN 1 ELSE 0 END)`.as('hn'),
    })
    .from(trackingEvents)
    .where(inArray(trackingEvents.sendId, ids))
    .groupBy(trackingEvents.sendId, trackingEvents.kind, trackingEvents.recipientId)
    .as('per_reader');
  const total = (expr: SQL) => sql<number>`sum(${expr})`.mapWith(Number);
  const events = await db
    .select({
      sendId: perReader.sendId,
      opens: total(sql`CASE WHEN ${perReader.kind} = 'open' THEN ${perReader.n} ELSE 0 END`),
      uniqueOpens: total(sql`CASE WHEN ${perReader.kind} = 'open' THEN 1 ELSE 0 END`),
      humanOpens: total(sql`CASE WHEN ${perReader.kind} = 'open' AND ${perReader.hn} > 0 THEN 1 ELSE 0 END`),
      clicks: total(sql`CASE WHEN ${perReader.kind} = 'click' THEN ${perReader.hn} ELSE 0 END`),
      uniqueClicks: total(sql`CASE WHEN ${perReader.kind} = 'click' AND ${perReader.hn} > 0 THEN 1 ELSE 0 END`),
      machineClicks: total(sql`CASE WHEN ${perReader.kind} = 'click' THEN ${perReader.n} - ${perReader.hn} ELSE 0 END`),
    })
    .from(perReader)
    .groupBy(perReader.sendId);
  for (const { sendId, ...r } of events) Object.assign(out.get(sendId)!, r);
  const sent = await db
    .select({ sendId: sendRecipients.sendId, n: count() })
    .from(sendRecipients)
    .where(and(inArray(sendRecipients.sendId, ids), eq(sendRecipients.status, 'sent')))
    .groupBy(sendRecipients.sendId);
  for (const r of sent) out.get(r.sendId)!.recipients = r.n;
  const mail = await db
    .select({ sendId: mailEvents.sendId, kind: mailEvents.kind, n: countDistinct(sql`lower(${mailEvents.email})`) })
    .from(mailEvents)
    .where(and(inArray(mailEvents.sendId, ids), inArray(mailEvents.kind, ['delivered', 'bounced', 'complained', 'unsubscribed'])))
    .groupBy(mailEvents.sendId, mailEvents.kind);
  for (const r of mail) out.get(r.sendId!)![r.kind] = r.n;
  return out;
}

function toStats(row: SendRow, a: Agg): IssueStats {
  const n = (k: string) => a[k] ?? 0;
  const recipients = n('recipients');
  const bounces = n('bounced');
  const deliveredSource = n('delivered') > 0 ? 'provider' : 'estimate';
  const delivered = deliveredSource === 'provider' ? n('delivered') : Math.max(0, recipients - bounces);
  const uniqueOpens = n('uniqueOpens');
  const humanOpens = n('humanOpens');
  const uniqueClicks = n('uniqueClicks');
  return {
    sendId: row.id,
    publicationId: row.publicationId,
    publicationName: row.publicationName,
    subject: row.subject,
    status: row.status,
    sentAt: (row.startedAt ?? row.scheduledAt).toISOString(),
    trackOpens: row.trackOpens,
    trackClicks: row.trackClicks,
    recipients,
    delivered,
    deliveredSource,
    opens: n('opens'),
    uniqueOpens,
    humanOpens,
    clicks: n('clicks'),
    uniqueClicks,
    machineClicks: n('machineClicks'),
    unsubscribes: n('unsubscribed'),
    bounces,
    complaints: n('complained'),
    ...ratesOf({ delivered, uniqueOpens, humanOpens, uniqueClicks }),
  };
}

/** The latest issues of the account (or of one of its publications), with their figures: the overview's and the CSV's rows. */
async function issueStats(ctx: Ctx, input: OverviewInput): Promise<IssueStats[]> {
  requireAnalytics(ctx.user);
  if (input.publicationId) await findOwned(ctx.db, ctx.user.id, input.publicationId);
  const rows = await listSendRows(ctx.db, ctx.user.id, input);
  const agg = await aggregate(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toStats(r, agg.get(r.id)!));
}

/**
 * The account's latest delivered issue with its figures, whatever the plan (the dashboard shows its date
 * and recipients to every plan, and its opens and clicks only where the plan has analytics); null before a first send.
 */
export async function latestIssueStats(db: Db, userId: string): Promise<IssueStats | null> {
  const [row] = await listSendRows(db, userId, { limit: 1 });
  if (!row) return null;
  return toStats(row, (await aggregate(db, [row.id])).get(row.id)!);
}

function totalsOf(issues: IssueStats[]) {
  const sum = (k: keyof IssueStats) => issues.reduce((t, i) => t + (i[k] as number), 0);
  const counts = {
    issues: issues.length,
    recipients: sum('recipients'),
    delivered: sum('delivered'),
    opens: sum('opens'),
    uniqueOpens: sum('uniqueOpens'),
    humanOpens: sum('humanOpens'),
    clicks: sum('clicks'),
    uniqueClicks: sum('uniqueClicks'),
    unsubscribes: sum('unsubscribes'),
    bounces: sum('bounces'),
    complaints: sum('complaints'),
  };
  return { ...counts, ...ratesOf(counts) };
}

async function platformCampaigns(db: Db, userId: string): Promise<PlatformCampaign[]> {
  const rows = await db
    .select()
    .from(integrationPublications)
    .where(and(eq(integrationPublications.userId, userId), isNotNull(integrationPublications.stats)))
    .orderBy(desc(integrationPublications.createdAt))
    .limit(50);
  return rows.map((r) => {
    const stats: PlatformCampaign['stats'] = {};
    for (const k of STAT_KEYS) {
      const v = r.stats?.[k];
      if (typeof v === 'number' && Number.isFinite(v)) stats[k] = v;
    }
    return {
      id: r.id,
      platform: r.platform,
      source: `Reported by ${PLATFORM_NAMES[r.platform]}`,
      title: r.title,
      status: r.status,
      listName: r.listName,
      stats,
      fetchedAt: r.statsFetchedAt ? r.statsFetchedAt.toISOString() : null,
    };
  });
}

export async function analyticsOverview(ctx: Ctx, input: OverviewInput) {
  const issues = await issueStats(ctx, input);
  const pubs = await ctx.db
    .select({ id: publications.id, name: publications.name })
    .from(publications)
    .where(eq(publications.userId, ctx.user.id))
    .orderBy(publications.name);
  return {
    publications: pubs,
    issues,
    totals: totalsOf(issues),
    /** Oldest first, for the chart. */
    trend: issues
      .slice()
      .reverse()
      .map((i) => ({ sendId: i.sendId, subject: i.subject, sentAt: i.sentAt, openRate: i.openRate, humanOpenRate: i.humanOpenRate, clickRate: i.clickRate })),
    platforms: await platformCampaigns(ctx.db, ctx.user.id),
  };
}

export async function analyticsIssue(ctx: Ctx, sendId: string): Promise<IssueStats & { links: LinkStats[]; subjectTest: SubjectTestReport | null }> {
  requireAnalytics(ctx.user);
  const [row] = await listSendRows(ctx.db, ctx.user.id, { sendId, limit: 1 });
  if (!row) throw new AppError('NOT_FOUND', ANALYTICS_MSG.issueNotFound);
  const stats = toStats(row, (await aggregate(ctx.db, [row.id])).get(row.id)!);
  const links: LinkStats[] = await ctx.db
    .select({
      position: sendLinks.position,
      url: sendLinks.url,
      label: sendLinks.label,
      clicks: count(trackingEvents.id),
      uniqueClickers: countDistinct(trackingEvents.recipientId),
    })
    .from(sendLinks)
    .leftJoin(
      trackingEvents,
      and(
        eq(trackingEvents.sendId, sendLinks.sendId),
        eq(trackingEvents.kind, 'click'),
        eq(trackingEvents.linkPosition, sendLinks.position),
        eq(trackingEvents.machine, false),
      ),
    )
    .where(eq(sendLinks.sendId, row.id))
    .groupBy(sendLinks.sendId, sendLinks.position, sendLinks.url, sendLinks.label)
    .orderBy(sendLinks.position);
  const [test] = await ctx.db
    .select({ id: issueSends.id, subjectTest: issueSends.subjectTest, testWinner: issueSends.testWinner, testEndsAt: issueSends.testEndsAt })
    .from(issueSends)
    .where(eq(issueSends.id, row.id));
  return { ...stats, links, subjectTest: await subjectTestReport(ctx.db, test!) };
}

const pct = (v: number | null) => (v === null ? '' : (v * 100).toFixed(1));

export const CSV_COLUMNS = [
  'Issue',
  'Publication',
  'Sent at',
  'Recipients',
  'Delivered',
  'Delivered source',
  'Opens',
  'Unique opens',
  'Human-likely opens',
  'Open rate %',
  'Human-likely open rate %',
  'Clicks',
  'Unique clicks',
  'Click rate %',
  'Click-to-open %',
  'Unsubscribes',
  'Bounces',
  'Complaints',
  'Opens tracked',
  'Clicks tracked',
] as const;

export async function analyticsCsv(ctx: Ctx, input: OverviewInput) {
  const issues = await issueStats(ctx, input);
  const lines = [CSV_COLUMNS.join(',')];
  for (const i of issues) {
    const cells = [
      i.subject,
      i.publicationName,
      i.sentAt,
      i.recipients,
      i.delivered,
      i.deliveredSource === 'provider' ? 'provider' : 'sent minus bounces',
      i.opens,
      i.uniqueOpens,
      i.humanOpens,
      pct(i.openRate),
      pct(i.humanOpenRate),
      i.clicks,
      i.uniqueClicks,
      pct(i.clickRate),
      pct(i.clickToOpen),
      i.unsubscribes,
      i.bounces,
      i.complaints,
      i.trackOpens ? 'yes' : 'no',
      i.trackClicks ? 'yes' : 'no',
    ];
    lines.push(cells.map((c) => csvCell(String(c))).join(','));
  }
  const day = ctx.now().toISOString().slice(0, 10);
  return { filename: `analytics-${day}.csv`, csv: lines.join('\r\n') + '\r\n' };
}
