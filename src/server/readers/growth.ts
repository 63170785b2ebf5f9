// Growth of a creator's readership per ISO week (Monday 00:00 UTC), counted in SQL from the readers'
// history (reader_events), which outlives deleted readers:
// - new: every 'subscribed' (a reader who left and signs up again is new again);
// - confirmed: 'confirmed', plus 'subscribed' of readers added already active (by hand, by import, by
//   the API: no confirmation step follows, so joining is confirming);
// - left: 'unsubscribed', 'bounced', 'complained'. 'removed' is not counted: deleting a reader is the
//   creator tidying the list, usually of readers already counted as left;
// - net: confirmed - left;
// - by source: the new readers of the week by how they joined.
import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { AuthedContext } from '../context';
import { AppError } from '../errors';
import { capabilitiesFor } from '../../shared/plans';
import { publications, readerEvents } from '../../../db/schema';
import { findOwned } from '../publications/publications';
import { isoWeekStart, isoWeekStartMs, jsonIsTrue, WEEK_MS } from '../sql-dialect';
import { csvCell } from '../csv';
import { ANALYTICS_MSG } from '../analytics/analytics';
import { GROWTH_SOURCES, type GrowthInput, type GrowthReport, type GrowthWeek } from '../../shared/schemas/readers';

type Ctx = Pick<AuthedContext, 'db' | 'user' | 'now'>;

/** Readers added already active: they have no confirmation of their own. */
const ACTIVE_ON_JOIN = ['manual', 'import', 'api'];
const LEFT = ['unsubscribed', 'bounced', 'complained'] as const;

const emptyWeek = (weekStart: Date): GrowthWeek => ({
  weekStart: weekStart.toISOString(),
  new: 0,
  confirmed: 0,
  left: 0,
  net: 0,
  bySource: { signup: 0, form: 0, import: 0, manual: 0, api: 0 },
});

export async function readerGrowth(ctx: Ctx, input: GrowthInput): Promise<GrowthReport> {
  if (!capabilitiesFor(ctx.user).analytics) throw new AppError('FORBIDDEN', ANALYTICS_MSG.unavailable);
  if (input.publicationId) await findOwned(ctx.db, ctx.user.id, input.publicationId);
  const last = isoWeekStart(ctx.now());
  const from = new Date(last.getTime() - (input.weeks - 1) * WEEK_MS);
  const to = new Date(last.getTime() + WEEK_MS);

  const week = isoWeekStartMs(ctx.db, readerEvents.at);
  const activeOnJoin = jsonIsTrue(ctx.db, readerEvents.detail, 'active');
  const rows = await ctx.db
    .select({ week, kind: readerEvents.kind, source: readerEvents.source, active: activeOnJoin, n: count() })
    .from(readerEvents)
    .innerJoin(publications, eq(publications.id, readerEvents.publicationId))
    .where(
      and(
        eq(publications.userId, ctx.user.id),
        input.publicationId ? eq(readerEvents.publicationId, input.publicationId) : undefined,
        inArray(readerEvents.kind, ['subscribed', 'confirmed', ...LEFT]),
        gte(readerEvents.at, from),
        lt(readerEvents.at, to),
      ),
    )
    .groupBy(week, readerEvents.kind, readerEvents.source, activeOnJoin);

  const weeks = Array.from({ length: input.weeks }, (_, i) => emptyWeek(new Date(from.getTime() + i * WEEK_MS)));
  const byStart = new Map(weeks.map((w) => [Date.parse(w.weekStart), w]));
  for (const r of rows) {
    const w = byStart.get(Number(r.week));
    if (!w) continue;
    if (r.kind === 'subscribed') {
      w.new += r.n;
      if (ACTIVE_ON_JOIN.includes(r.source) || Boolean(r.active)) w.confirmed += r.n;
      if ((GROWTH_SOURCES as readonly string[]).includes(r.source)) w.bySource[r.source as (typeof GROWTH_SOURCES)[number]] += r.n;
    } else if (r.kind === 'confirmed') w.confirmed += r.n;
    else w.left += r.n;
  }
  for (const w of weeks) w.net = w.confirmed - w.left;
  const totals = emptyWeek(from);
  for (const w of weeks) {
    totals.new += w.new;
    totals.confirmed += w.confirmed;
    totals.left += w.left;
    totals.net += w.net;
    for (const s of GROWTH_SOURCES) totals.bySource[s] += w.bySource[s];
  }
  const { weekStart: _, ...sum } = totals;
  return { from: from.toISOString(), to: to.toISOString(), weeks, totals: sum };
}

export const GROWTH_CSV_COLUMNS = ['Week (Monday UTC)', 'New', 'Confirmed', 'Left', 'Net', ...GROWTH_SOURCES.map((s) => `New by ${s}`)] as const;

export async function readerGrowthCsv(ctx: Ctx, input: GrowthInput) {
  const report = await readerGrowth(ctx, input);
  const lines = [GROWTH_CSV_COLUMNS.join(',')];
  for (const w of report.weeks)
    // Only the date is text; numbers are written as they are (a net of -2 is no formula).
    lines.push([csvCell(w.weekStart.slice(0, 10)), w.new, w.confirmed, w.left, w.net, ...GROWTH_SOURCES.map((s) => w.bySource[s])].join(','));
  const day = ctx.now().toISOString().slice(0, 10);
  return { filename: `reader-growth-${day}.csv`, csv: lines.join('\r\n') + '\r\n' };
}
