// Step 4's date-range rule (spec §2, §9): the After and Before fields become the range the server
// filters by. Either field may be left empty; only a range with both ends can be the wrong way round.
import type { DateRange } from '../../../shared/schemas/content';

export const RANGE_INVERTED = "The 'After' date must come before the 'Before' date.";
export const RANGE_UNREADABLE = 'Enter a complete date and time.';

export type RangeResult = { ok: true; range: DateRange | null } | { ok: false; error: string };

/** A Date as the value of a datetime-local input (local time, minutes). */
export function toLocalInput(d: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The range for the given field values (datetime-local strings, '' when empty). An open end is filled
 * in: no After means from the beginning, no Before means up to now, or up to After itself when After
 * lies in the future (nothing is published after now, and the server refuses a start after the end).
 */
export function rangeFrom(after: string, before: string, now = new Date()): RangeResult {
  if (!after && !before) return { ok: true, range: null };
  const start = after ? new Date(after) : new Date(0);
  const end = before ? new Date(before) : new Date(Math.max(now.getTime(), start.getTime()));
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return { ok: false, error: RANGE_UNREADABLE };
  if (after && before && start > end) return { ok: false, error: RANGE_INVERTED };
  return { ok: true, range: { start: start.toISOString(), end: end.toISOString() } };
}
