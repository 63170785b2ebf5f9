// A publication's recurring schedule as its creator sets it up: saved (one per publication), read with
// its history, paused, deleted, and "Run now". Plans without recurring issues are refused here.
import crypto from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../context';
import type { SessionUser } from '../auth/service';
import { tx } from '../db';
import { locks } from '../locks';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import { capabilitiesFor, channelLimitFor, type PlanHolder } from '../../shared/plans';
import { recurringRuns, recurringSchedules, userChannels, type PublicationRow, type RecurringRunRow, type RecurringScheduleRow } from '../../../db/schema';
import { findOwned } from '../publications/publications';
import { findOwnedSegment } from '../readers/segments';
import { normalizeWorkflowData } from '../publications/dto';
import { assertFetchableUrl, parseAllowHosts } from '../net/address-guard';
import { RECURRING_MSG, type RecurringRunDto, type RecurringScheduleDto, type RecurringScheduleInput } from '../../shared/schemas/recurring';
import { nextPeriod } from './timing';
import { enqueueRun } from './tick';

export type RecurringCtx = Pick<Deps, 'db' | 'env' | 'now' | 'log' | 'queue' | 'delivery'> & { user: SessionUser };

export function requireRecurring(user: PlanHolder): void {
  if (!capabilitiesFor(user).recurringIssues) throw new AppError('FORBIDDEN', RECURRING_MSG.needsPlan, { requiredTier: 'professional' });
}

export function toScheduleDto(s: RecurringScheduleRow): RecurringScheduleDto {
  return {
    id: s.id,
    publicationId: s.publicationId,
    enabled: s.enabled,
    frequency: s.frequency,
    weekdays: s.weekdays,
    dayOfMonth: s.dayOfMonth,
    time: s.time,
    timeZone: s.timeZone,
    channels: s.channels,
    storyCount: s.storyCount,
    minNewStories: s.minNewStories,
    mode: s.mode,
    autoSendAfterHours: s.autoSendAfterHours,
    model: s.model,
    segmentId: s.segmentId,
    nextRunAt: s.enabled && s.nextRunAt ? s.nextRunAt.toISOString() : null,
  };
}

/**
 * A run that waited for an approval no one gave (and had no auto-send) reads as expired once its link
 * has: the link refuses from then on, so nothing else will move it.
 */
export function toRunDto(r: RecurringRunRow, now: Date): RecurringRunDto {
  const expired = r.status === 'awaiting_approval' && !r.autoSendAt && !!r.approveExpiresAt && r.approveExpiresAt.getTime() <= now.getTime();
  return {
    id: r.id,
    period: r.period,
    manual: r.period.startsWith('manual:'),
    status: expired ? 'expired' : r.status,
    reason: expired ? RECURRING_MSG.approvalExpired : r.reason,
    subject: r.subject,
    stories: r.articles.length,
    newsletterId: r.newsletterId,
    sendId: r.sendId,
    engine: r.engine,
    findings: r.precheck ? r.precheck.findings.length : null,
    autoSendAt: r.autoSendAt ? r.autoSendAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The channels a schedule may read: the publication's chosen ones and the creator's own list. */
export async function channelChoices(ctx: Pick<RecurringCtx, 'db'>, userId: string, pub: PublicationRow) {
  const out = new Map<string, { name: string; url: string; niche: string }>();
  const wd = normalizeWorkflowData(pub.workflowData, pub);
  for (const c of wd.selectedChannels) if (c.url) out.set(c.url, { name: c.name || c.url, url: c.url, niche: c.niche || 'general' });
  for (const c of await ctx.db.select().from(userChannels).where(eq(userChannels.userId, userId)))
    if (!out.has(c.feedUrl)) out.set(c.feedUrl, { name: c.name, url: c.feedUrl, niche: c.niche });
  return [...out.values()];
}

export async function scheduleOf(db: RecurringCtx['db'], publicationId: string): Promise<RecurringScheduleRow | undefined> {
  return (await db.select().from(recurringSchedules).where(eq(recurringSchedules.publicationId, publicationId)))[0];
}

export async function recurringViewOf(ctx: RecurringCtx, publicationId: string) {
  const pub = await findOwned(ctx.db, ctx.user.id, publicationId);
  const schedule = await scheduleOf(ctx.db, pub.id);
  const runs = schedule
    ? await ctx.db
        .select()
        .from(recurringRuns)
        .where(eq(recurringRuns.scheduleId, schedule.id))
        .orderBy(desc(recurringRuns.createdAt), desc(recurringRuns.id))
        .limit(50)
    : [];
  return {
    allowed: capabilitiesFor(ctx.user).recurringIssues,
    schedule: schedule ? toScheduleDto(schedule) : null,
    runs: runs.map((r) => toRunDto(r, ctx.now())),
    channelChoices: await channelChoices(ctx, ctx.user.id, pub),
  };
}

export async function saveSchedule(ctx: RecurringCtx, input: RecurringScheduleInput): Promise<RecurringScheduleDto> {
  requireRecurring(ctx.user);
  const pub = await findOwned(ctx.db, ctx.user.id, input.publicationId);
  const limit = channelLimitFor(ctx.user);
  if (input.channels.length > limit) throw new AppError('FORBIDDEN', MSG.channelLimit(limit));
  // Only channels the creator has (the run checks again, for one removed later): a schedule that could
  // never run is refused now, not found out at its first run.
  const known = new Map((await channelChoices(ctx, ctx.user.id, pub)).map((c) => [c.url, c]));
  const foreign = input.channels.find((c) => !known.has(c.url));
  if (foreign) throw new AppError('BAD_REQUEST', RECURRING_MSG.notYourChannel(foreign.name));
  const allow = parseAllowHosts(ctx.env.FETCH_ALLOW_HOSTS);
  for (const c of input.channels) {
    try {
      assertFetchableUrl(c.url, allow);
    } catch {
      throw new AppError('BAD_REQUEST', `${MSG.addressNotAllowed}: ${c.name}`);
    }
  }
  const now = ctx.now();
  const timing = { frequency: input.frequency, weekdays: input.weekdays, dayOfMonth: input.dayOfMonth, time: input.time, timeZone: input.timeZone };
  const fields = {
    ...timing,
    enabled: input.enabled,
    channels: input.channels.map((c) => ({ name: c.name, url: c.url, niche: c.niche || 'general' })),
    storyCount: input.storyCount,
    minNewStories: input.minNewStories,
    mode: input.mode,
    autoSendAfterHours: input.mode === 'approve' ? input.autoSendAfterHours : null,
    model: input.model,
    segmentId: input.segmentId,
    nextRunAt: input.enabled ? nextPeriod(timing, now) : null,
    updatedAt: now,
  };
  await tx(ctx.db, async (t) => {
    // The segment exists and stays: its deletion checks the schedules that use it under the same lock.
    if (input.segmentId) {
      await locks.segmentsOf(t, pub.id);
      await findOwnedSegment(t, ctx.user.id, input.segmentId, pub.id);
    }
    // One schedule per publication: the unique index makes two saves at once an update of the same row.
    await t
      .insert(recurringSchedules)
      .values({ id: crypto.randomUUID(), userId: ctx.user.id, publicationId: pub.id, createdAt: now, ...fields })
      .onConflictDoUpdate({ target: recurringSchedules.publicationId, set: fields });
  });
  return toScheduleDto((await scheduleOf(ctx.db, pub.id))!);
}

export async function deleteSchedule(ctx: RecurringCtx, publicationId: string) {
  const pub = await findOwned(ctx.db, ctx.user.id, publicationId);
  await ctx.db.delete(recurringSchedules).where(eq(recurringSchedules.publicationId, pub.id));
  return { success: true as const };
}

/**
 * "Run now": a run outside the periods, refused while another run of the schedule is still being
 * prepared (checked and written under the schedule's lock, so two clicks make one run).
 */
export async function runNow(ctx: RecurringCtx, publicationId: string): Promise<RecurringRunDto> {
  requireRecurring(ctx.user);
  const pub = await findOwned(ctx.db, ctx.user.id, publicationId);
  const schedule = await scheduleOf(ctx.db, pub.id);
  if (!schedule) throw new AppError('BAD_REQUEST', RECURRING_MSG.noSchedule);
  const run = await tx(ctx.db, async (t) => {
    await locks.recurringSchedule(t, schedule.id);
    const busy = await t
      .select({ id: recurringRuns.id })
      .from(recurringRuns)
      .where(and(eq(recurringRuns.scheduleId, schedule.id), inArray(recurringRuns.status, ['queued', 'running'])))
      .limit(1);
    if (busy.length) throw new AppError('CONFLICT', RECURRING_MSG.runBusy);
    return enqueueRun(ctx, t, schedule, `manual:${crypto.randomUUID()}`);
  });
  ctx.delivery.kick();
  return toRunDto(run!, ctx.now());
}
