// What the two databases spell differently, written once: timestamps are integers of milliseconds on
// SQLite and timestamptz on Postgres; JSON columns are text on SQLite and jsonb on Postgres.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { isPostgres, type Db } from './db';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05, the first Monday of the epoch (ms). */
const FIRST_MONDAY_MS = 4 * DAY_MS;

/** The Monday 00:00 UTC of the ISO week a timestamp falls in, as milliseconds since the epoch. */
export function isoWeekStartMs(db: Db, column: AnyColumn): SQL<number> {
  if (isPostgres(db)) return sql`(extract(epoch from date_trunc('week', ${column} at time zone 'UTC')) * 1000)::bigint`.mapWith(Number);
  return sql`(${column} - ((${column} - ${FIRST_MONDAY_MS}) % ${WEEK_MS}))`.mapWith(Number);
}

/** The same in JavaScript, for the weeks of a range (fills weeks with nothing in them). */
export function isoWeekStart(d: Date): Date {
  const ms = d.getTime();
  return new Date(ms - ((((ms - FIRST_MONDAY_MS) % WEEK_MS) + WEEK_MS) % WEEK_MS));
}

export { WEEK_MS };

/** Whether a JSON object column holds `true` at a top-level key (a constant key, never user input). */
export function jsonIsTrue(db: Db, column: AnyColumn, key: string): SQL<boolean> {
  if (!/^\w+$/.test(key)) throw new Error(`jsonIsTrue: unexpected key ${key}`);
  // Inlined, not bound: Postgres matches a GROUP BY expression to the selected one only if they are
  // the same text, and two bound parameters are two different texts.
  if (isPostgres(db)) return sql`coalesce((${column} ->> ${sql.raw(`'${key}'`)}) = 'true', false)`;
  return sql`coalesce(json_extract(${column}, ${sql.raw(`'$.${key}'`)}) = 1, 0)`;
}
