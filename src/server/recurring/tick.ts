// The tick: every minute (a cluster schedule on Postgres, a timer on SQLite) the schedules whose period
// has started get one run each. The run row is unique per (schedule, period) and is written with its job
// in one transaction, so a restart, a second process or two ticks at once never make a second issue for
// one period; whoever loses the insert does nothing.
import crypto from 'node:crypto';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Deps } from '../context';
import { affectedRows, tx, type Tx } from '../db';
import { recurringRuns, recurringSchedules, type RecurringRunRow, type RecurringScheduleRow } from '../../../db/schema';
import { latestDuePeriod, nextPeriod } from './timing';
import { RECURRING_RUN_JOB, runJobKey } from './kinds';

type TickDeps = Pick<Deps, 'db' | 'now' | 'log' | 'queue'> & Partial<Pick<Deps, 'delivery'>>;

/** Writes the run of `period` and its job in `t`; null when the period already has its run. */
export async function enqueueRun(deps: Pick<Deps, 'now' | 'queue'>, t: Tx, s: RecurringScheduleRow, period: string): Promise<RecurringRunRow | null> {
  const now = deps.now();
  const row: RecurringRunRow = {
    id: crypto.randomUUID(),
    scheduleId: s.id,
    userId: s.userId,
    publicationId: s.publicationId,
    period,
    status: 'queued',
    reason: null,
    subject: null,
    articles: [],
    content: null,
    newsletterId: null,
    sendId: null,
    engine: null,
    precheck: null,
    approveTokenHash: null,
    approveExpiresAt: null,
    autoSendAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const res = await t
    .insert(recurringRuns)
    .values(row)
    .onConflictDoNothing({ target: [recurringRuns.scheduleId, recurringRuns.period] });
  if (affectedRows(res) !== 1) return null;
  await deps.queue.enqueue({ kind: RECURRING_RUN_JOB, payload: { runId: row.id }, uniqueKey: runJobKey(row.id) }, t);
  return row;
}

/** Makes the runs of every period that has started; returns how many were made. */
export async function enqueueDueRuns(deps: TickDeps): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .select()
    .from(recurringSchedules)
    .where(and(eq(recurringSchedules.enabled, true), lte(recurringSchedules.nextRunAt, now)))
    .orderBy(asc(recurringSchedules.nextRunAt))
    .limit(500);
  let made = 0;
  for (const s of due) {
    const period = latestDuePeriod(s, s.nextRunAt!, now);
    try {
      const run = await tx(deps.db, async (t) => {
        const created = period ? await enqueueRun(deps, t, s, period.toISOString()) : null;
        // Moved on only from the value read: a tick that raced with a save of the schedule leaves the save's value.
        await t
          .update(recurringSchedules)
          .set({ nextRunAt: nextPeriod(s, now) })
          .where(and(eq(recurringSchedules.id, s.id), eq(recurringSchedules.nextRunAt, s.nextRunAt!)));
        return created;
      });
      if (run) made++;
    } catch (err) {
      deps.log.error(`recurring: making the run of schedule ${s.id} failed`, err);
    }
  }
  if (made) deps.delivery?.kick();
  return made;
}
