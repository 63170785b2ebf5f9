// When a schedule's periods start: its frequency, weekdays or day of the month and HH:MM, as a cron
// expression evaluated by croner in the creator's own zone (so 08:00 stays 08:00 across daylight
// saving). A period is named by its start's UTC instant, which is what makes a run unique per period.
import { Cron } from 'croner';
import type { RecurringScheduleRow } from '../../../db/schema';

type Timing = Pick<RecurringScheduleRow, 'frequency' | 'weekdays' | 'dayOfMonth' | 'time' | 'timeZone'>;

export function cronOf(s: Timing): string {
  const [h, m] = s.time.split(':').map(Number);
  const at = `${m} ${h}`;
  if (s.frequency === 'weekdays') return `${at} * * ${[...new Set(s.weekdays)].sort().join(',')}`;
  if (s.frequency === 'monthly') return `${at} ${s.dayOfMonth} * *`;
  return `${at} * * *`;
}

/** The first period start strictly after `after`. */
export function nextPeriod(s: Timing, after: Date): Date | null {
  return new Cron(cronOf(s), { timezone: s.timeZone, paused: true }).nextRun(after);
}

/**
 * The latest period start at or before `now`, found from `from` (the schedule's next run as stored):
 * a server that was stopped for several periods makes one issue for the latest, not one per missed period.
 */
export function latestDuePeriod(s: Timing, from: Date, now: Date): Date | null {
  if (from.getTime() > now.getTime()) return null;
  let due = from;
  for (let i = 0; i < 400; i++) {
    const next = nextPeriod(s, due);
    if (!next || next.getTime() > now.getTime()) return due;
    due = next;
  }
  return due;
}
