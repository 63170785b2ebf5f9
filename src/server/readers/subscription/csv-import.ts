// Importing a subscriber CSV: the file read and every row checked (csv-read.ts), nothing written while
// any row is invalid (unless asked to import the valid rows alone), the addresses sorted out against the
// publication and the suppression list, then written in slices that each re-check the plan's limit
// (csv-write.ts).
import { and, eq, sql, type Column } from 'drizzle-orm';
import { subscribers, suppressions, type SubscriberStatus } from '../../../../db/schema';
import { capabilitiesFor } from '../../../shared/plans';
import type { DbOrTx } from '../../db';
import type { ImportReport } from '../../../shared/schemas/subscribers';
import { SUBSCRIBER_MSG, authorizeImport, checkLimit, type Ctx } from './subscribers';
import { readCsvRows, yieldToLoop, type CsvRecord, type CsvRows } from './csv-read';
import { writeImport } from './csv-write';

/** Addresses looked up per query. */
const LOOKUP = 900;

/**
 * `column in (…)` over text values (never empty). drizzle's inArray wraps each value in a typed parameter
 * and inspects it several times while building the query, which for 100,000 addresses costs more than
 * the lookups; addresses need no encoding, so they are bound as they are.
 */
const among = (column: Column, values: string[]) => sql`${column} in ${values}`;

/** The file's rows with each address once (its first row), and how many rows repeated one. */
export function dedupeByEmail(records: CsvRecord[]): { unique: CsvRecord[]; duplicates: number } {
  const seen = new Set<string>();
  const unique = records.filter((r) => (seen.has(r.email) ? false : (seen.add(r.email), true)));
  return { unique, duplicates: records.length - unique.length };
}

/** What the publication and the account already know of these addresses: each one's status there, and which are suppressed. */
export interface KnownAddresses {
  existing: Map<string, SubscriberStatus>;
  suppressed: Set<string>;
}

export async function knownAddresses(db: DbOrTx, publicationId: string, userId: string, emails: string[]): Promise<KnownAddresses> {
  const known: KnownAddresses = { existing: new Map(), suppressed: new Set() };
  for (let i = 0; i < emails.length; i += LOOKUP) {
    const some = emails.slice(i, i + LOOKUP);
    for (const r of await db
      .select({ email: subscribers.email, status: subscribers.status })
      .from(subscribers)
      .where(and(eq(subscribers.publicationId, publicationId), among(subscribers.email, some))))
      known.existing.set(r.email, r.status);
    for (const r of await db
      .select({ email: suppressions.email })
      .from(suppressions)
      .where(and(eq(suppressions.userId, userId), among(suppressions.email, some))))
      known.suppressed.add(r.email);
    if (i % (LOOKUP * 10) === 0) await yieldToLoop();
  }
  return known;
}

/** The rows to write, and why the others are not: subscribed already, left by their own choice, suppressed. */
export interface SortedRows {
  toInsert: CsvRecord[];
  alreadySubscribed: number;
  skippedUnsubscribed: number;
  suppressed: number;
}

export function newReaders(unique: CsvRecord[], known: KnownAddresses): SortedRows {
  const out: SortedRows = { toInsert: [], alreadySubscribed: 0, skippedUnsubscribed: 0, suppressed: 0 };
  for (const r of unique) {
    const status = known.existing.get(r.email);
    if (status === 'active' || status === 'pending') out.alreadySubscribed++;
    else if (status) out.skippedUnsubscribed++;
    else if (known.suppressed.has(r.email)) out.suppressed++;
    else out.toInsert.push(r);
  }
  return out;
}

/** The report of the checked file, before anything is written. */
export function checkedReport(read: CsvRows, duplicatesInFile: number, sorted: SortedRows): ImportReport {
  return {
    rows: read.rows,
    valid: sorted.toInsert.length,
    duplicatesInFile,
    alreadySubscribed: sorted.alreadySubscribed,
    skippedUnsubscribed: sorted.skippedUnsubscribed,
    suppressed: sorted.suppressed,
    invalid: read.invalid,
    invalidCount: read.invalidCount,
    imported: 0,
    overLimit: 0,
    message: '',
  };
}

/**
 * Reads, validates and (mode 'import') writes a subscriber CSV. With any invalid row nothing is written
 * unless `skipInvalid` says to import the valid rows alone.
 */
export async function importSubscribersCsv(
  ctx: Pick<Ctx, 'db' | 'user' | 'now'>,
  publicationId: string,
  csvText: string,
  opts: { mode: 'check' | 'import'; skipInvalid?: boolean },
): Promise<ImportReport> {
  const pub = await authorizeImport(ctx, { publicationId, mode: opts.mode });
  const read = await readCsvRows(csvText);
  const { unique, duplicates } = dedupeByEmail(read.records);
  const known = await knownAddresses(
    ctx.db,
    pub.id,
    ctx.user.id,
    unique.map((r) => r.email),
  );
  const sorted = newReaders(unique, known);
  const report = checkedReport(read, duplicates, sorted);
  if (opts.mode === 'check') {
    report.message = read.invalidCount ? SUBSCRIBER_MSG.hasInvalid : `${sorted.toInsert.length.toLocaleString('en-US')} new subscribers are ready to import.`;
    return report;
  }
  if (read.invalidCount && !opts.skipInvalid) {
    report.message = SUBSCRIBER_MSG.hasInvalid;
    return report;
  }
  // Refused whole, writing nothing, when the file cannot fit as things stand; parallel imports are held
  // to the limit slice by slice (csv-write.ts).
  await checkLimit(ctx, pub.id, sorted.toInsert.length);
  const limit = capabilitiesFor(ctx.user).maxSubscribers;
  const written = await writeImport(ctx.db, { publicationId: pub.id, limit, tagged: read.tagged }, sorted.toInsert, ctx.now().getTime());
  report.imported = written.written;
  report.alreadySubscribed += written.taken;
  report.overLimit += written.overLimit;
  report.message = report.overLimit
    ? SUBSCRIBER_MSG.partlyOverLimit(written.written, report.overLimit, limit)
    : `Imported ${written.written.toLocaleString('en-US')} subscribers.`;
  return report;
}
