// A publication's subscribers: list with search and status counts, add one, remove, export CSV, and
// import a CSV (validated whole before anything is written; written in slices so a 100,000-row file
// never holds the event loop). A reader who unsubscribed, bounced or complained is never re-activated
// by the creator: that choice belongs to the reader.
import { csvCell } from '../csv';
import { contains } from '../sql-search';
import crypto from 'node:crypto';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { parse } from 'csv-parse';
import { z } from 'zod';
import { emailField } from '../../shared/schemas/auth';
import type { AuthedContext } from '../trpc/context';
import type { Db } from '../db';
import { AppError } from '../errors';
import { subscribers, suppressions, SUBSCRIBER_STATUSES, type SubscriberRow, type SubscriberStatus } from '../../../db/schema';
import { capabilitiesFor } from '../../shared/plans';
import { findOwned } from '../publications/publications';
import { isSuppressed, normalizeEmail } from '../delivery/events';
import { ensureSlug } from './slug';

type Ctx = Pick<AuthedContext, 'db' | 'user' | 'now'>;

export const MAX_IMPORT_ROWS = 100_000;
export const PAGE_SIZE = 50;

export const SUBSCRIBER_MSG = {
  already: 'Already subscribed',
  leftByChoice: 'This reader unsubscribed (or their address bounced or complained); only they can subscribe again, from your signup page.',
  suppressed: 'This address is on your suppression list (it bounced or complained) and cannot be added.',
  limit: (n: number) => `Upgrade your plan to keep more than ${n.toLocaleString('en-US')} subscribers per publication.`,
  partlyOverLimit: (imported: number, refused: number, limit: number) =>
    `Imported ${imported.toLocaleString('en-US')} subscribers; ${refused.toLocaleString('en-US')} were not. ${SUBSCRIBER_MSG.limit(limit)}`,
  tooManyRows: `A file can hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} subscribers. Split it and import the parts one after another.`,
  noEmailColumn: 'No column of e-mail addresses was found. Put the addresses in a column named "email" (and names in "name").',
  unreadable: 'This file could not be read as CSV.',
  hasInvalid: 'Some rows are not valid; nothing was imported. Fix them, or import only the valid rows.',
} as const;

const emailShape = z.email();

export interface SubscriberDto {
  id: string;
  email: string;
  name: string;
  status: SubscriberStatus;
  source: string;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

const toDto = (r: SubscriberRow): SubscriberDto => ({
  id: r.id,
  email: r.email,
  name: r.name,
  status: r.status,
  source: r.source,
  createdAt: r.createdAt.toISOString(),
  confirmedAt: r.confirmedAt?.toISOString() ?? null,
  unsubscribedAt: r.unsubscribedAt?.toISOString() ?? null,
});

export const listInput = z.object({
  publicationId: z.string().min(1).max(64),
  search: z.string().trim().max(200).optional(),
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
});

export function statusCounts(db: Db, publicationId: string): Record<SubscriberStatus, number> {
  const rows = db
    .select({ status: subscribers.status, n: sql<number>`count(*)` })
    .from(subscribers)
    .where(eq(subscribers.publicationId, publicationId))
    .groupBy(subscribers.status)
    .all();
  const counts = Object.fromEntries(SUBSCRIBER_STATUSES.map((s) => [s, 0])) as Record<SubscriberStatus, number>;
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

export function listSubscribers(ctx: Ctx, input: z.infer<typeof listInput>) {
  const pub = findOwned(ctx.db, ctx.user.id, input.publicationId);
  const conditions = [eq(subscribers.publicationId, pub.id)];
  if (input.status) conditions.push(eq(subscribers.status, input.status));
  if (input.search) {
    // SQLite's LIKE ignores ASCII case, as the lower-cased addresses and names need.
    conditions.push(or(contains(subscribers.email, input.search), contains(subscribers.name, input.search))!);
  }
  const where = and(...conditions);
  const matching =
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(subscribers)
      .where(where)
      .get()?.n ?? 0;
  const rows = ctx.db
    .select()
    .from(subscribers)
    .where(where)
    .orderBy(desc(subscribers.createdAt), subscribers.email)
    .limit(PAGE_SIZE)
    .offset((input.page - 1) * PAGE_SIZE)
    .all();
  const counts = statusCounts(ctx.db, pub.id);
  return {
    publication: { id: pub.id, name: pub.name },
    subscribers: rows.map(toDto),
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    matching,
    page: input.page,
    pageSize: PAGE_SIZE,
    limit: Number.isFinite(capabilitiesFor(ctx.user).maxSubscribers) ? capabilitiesFor(ctx.user).maxSubscribers : null,
  };
}

/** Pending and active readers count against the plan; those who left do not. */
function keptCount(db: Db, publicationId: string): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(subscribers)
      .where(and(eq(subscribers.publicationId, publicationId), inArray(subscribers.status, ['pending', 'active'])))
      .get()?.n ?? 0
  );
}

function checkLimit(ctx: Ctx, publicationId: string, adding: number) {
  const limit = capabilitiesFor(ctx.user).maxSubscribers;
  if (Number.isFinite(limit) && keptCount(ctx.db, publicationId) + adding > limit) throw new AppError('FORBIDDEN', SUBSCRIBER_MSG.limit(limit), { limit });
}

export const importTargetInput = z.object({ publicationId: z.string().min(1).max(64), mode: z.enum(['check', 'import']) });

/**
 * Whether this user may import into this publication at all: their own publication and, to write, room
 * left in the plan. Cheap, so an upload is refused with it before its body is read.
 */
export function authorizeImport(ctx: Ctx, input: z.infer<typeof importTargetInput>) {
  const pub = findOwned(ctx.db, ctx.user.id, input.publicationId);
  if (input.mode === 'import') checkLimit(ctx, pub.id, 1);
  return pub;
}

/** A reader's name as creators and readers type it: one line, at most 200 characters, optional. */
export const subscriberName = z
  .string()
  .trim()
  .max(200, 'Name must be at most 200 characters')
  .regex(/^[^\r\n]*$/, 'Name must be one line')
  .default('');

export const addInput = z.object({
  publicationId: z.string().min(1).max(64),
  email: emailField,
  name: subscriberName,
});

export function addSubscriber(ctx: Ctx, input: z.infer<typeof addInput>): SubscriberDto {
  const pub = findOwned(ctx.db, ctx.user.id, input.publicationId);
  const email = normalizeEmail(input.email);
  return ctx.db.transaction((tx) => {
    const existing = tx
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.publicationId, pub.id), eq(subscribers.email, email)))
      .get();
    if (existing)
      throw new AppError('CONFLICT', existing.status === 'active' || existing.status === 'pending' ? SUBSCRIBER_MSG.already : SUBSCRIBER_MSG.leftByChoice);
    if (isSuppressed(tx as unknown as Db, ctx.user.id, email)) throw new AppError('CONFLICT', SUBSCRIBER_MSG.suppressed);
    checkLimit({ ...ctx, db: tx as unknown as Db }, pub.id, 1);
    const now = ctx.now();
    const row: SubscriberRow = {
      id: crypto.randomUUID(),
      publicationId: pub.id,
      email,
      name: input.name,
      status: 'active',
      source: 'manual',
      confirmTokenHash: null,
      confirmExpiresAt: null,
      confirmedAt: null,
      unsubscribedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    tx.insert(subscribers).values(row).run();
    return toDto(row);
  });
}

/** The public signup page and archive feed of a publication, for the creator to share. */
export function shareInfo(ctx: Pick<AuthedContext, 'db' | 'user' | 'env'>, publicationId: string) {
  const pub = findOwned(ctx.db, ctx.user.id, publicationId);
  const signupUrl = `${ctx.env.APP_URL}/p/${ensureSlug(ctx.db, pub.id)}`;
  return { signupUrl, feedUrl: `${signupUrl}/feed.xml` };
}

export const removeInput = z.object({ publicationId: z.string().min(1).max(64), ids: z.array(z.string().min(1).max(64)).min(1).max(500) });

export function removeSubscribers(ctx: Ctx, input: z.infer<typeof removeInput>) {
  const pub = findOwned(ctx.db, ctx.user.id, input.publicationId);
  const res = ctx.db
    .delete(subscribers)
    .where(and(eq(subscribers.publicationId, pub.id), inArray(subscribers.id, input.ids)))
    .run();
  return { removed: res.changes };
}

export function exportSubscribersCsv(ctx: Ctx, publicationId: string): { filename: string; csv: string } {
  const pub = findOwned(ctx.db, ctx.user.id, publicationId);
  const rows = ctx.db.select().from(subscribers).where(eq(subscribers.publicationId, pub.id)).orderBy(subscribers.createdAt).all();
  const lines = ['email,name,status,source,subscribed_at'];
  for (const r of rows) lines.push([r.email, r.name, r.status, r.source, (r.confirmedAt ?? r.createdAt).toISOString()].map(csvCell).join(','));
  const slug =
    pub.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'publication';
  return { filename: `subscribers-${slug}-${ctx.now().toISOString().slice(0, 10)}.csv`, csv: lines.join('\r\n') + '\r\n' };
}

export interface ImportReport {
  rows: number;
  valid: number;
  duplicatesInFile: number;
  alreadySubscribed: number;
  skippedUnsubscribed: number;
  suppressed: number;
  invalid: { line: number; value: string; reason: string }[];
  invalidCount: number;
  imported: number;
  /** Rows refused because the publication reached the plan's limit while they were being written. */
  overLimit: number;
  message: string;
}

const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));
/** Waits for either event and then drops both listeners (a big file waits hundreds of times). */
const drainedOrClosed = (stream: NodeJS.EventEmitter) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done).off('close', done);
      resolve();
    };
    stream.once('drain', done).once('close', done);
  });

/**
 * The physical line (1-based) on which the row after byte `previousEnd` starts: empty lines before it
 * are skipped, and CRLF, LF and a lone CR each end one line. csv-parse's own `info.lines` names the line
 * a row ends on and counts a CRLF inside quotes twice. Calls must come with growing offsets.
 */
function physicalLines(bytes: Buffer) {
  let pos = 0;
  let line = 1;
  return (previousEnd: number) => {
    let start = previousEnd;
    while (bytes[start] === 0x0a || bytes[start] === 0x0d) start++;
    for (; pos < start; pos++) {
      const b = bytes[pos];
      if (b === 0x0a || (b === 0x0d && bytes[pos + 1] !== 0x0a)) line++;
    }
    return line;
  };
}
const HEADER_EMAIL = /^(e-?mail|email address|e-mail address)$/i;
const HEADER_NAME = /^(name|full name|first name|firstname|first_name|full_name)$/i;

/**
 * Reads, validates and (mode 'import') writes a subscriber CSV. With any invalid row nothing is written
 * unless `skipInvalid` says to import the valid rows alone.
 */
export async function importSubscribersCsv(
  ctx: Ctx,
  publicationId: string,
  csvText: string,
  opts: { mode: 'check' | 'import'; skipInvalid?: boolean },
): Promise<ImportReport> {
  const pub = authorizeImport(ctx, { publicationId, mode: opts.mode });
  const records: { line: number; email: string; name: string }[] = [];
  const invalid: ImportReport['invalid'] = [];
  let invalidCount = 0;
  const bad = (line: number, value: string, reason: string) => {
    invalidCount++;
    if (invalid.length < 100) invalid.push({ line, value: value.slice(0, 200), reason });
  };
  let emailCol = 0;
  let nameCol = 1;
  let rows = 0;
  // Every kind of line end ends a row, so rows and the physical lines counted below agree in mixed files.
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    relax_quotes: true,
    info: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  });
  const bytes = Buffer.from(csvText, 'utf8');
  const lineOf = physicalLines(bytes);
  // Given the whole text at once, csv-parse parses it in one synchronous run (~400 ms for 100,000 rows);
  // fed in 64 KB pieces as the reader asks for more, the loop turns between pieces. Bytes, not string
  // slices: a slice of a string can split a character in two.
  void (async () => {
    for (let i = 0; i < bytes.length && !parser.destroyed; i += 65_536) {
      if (!parser.write(bytes.subarray(i, i + 65_536))) await drainedOrClosed(parser);
      await yieldToLoop();
    }
    if (!parser.destroyed) parser.end();
  })().catch((err: unknown) => parser.destroy(err as Error));
  try {
    let first = true;
    let sinceYield = 0;
    let previousEnd = 0;
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { bytes: number } }>) {
      const line = lineOf(previousEnd);
      previousEnd = info.bytes;
      const cells = record.map((c) => c.trim());
      if (first) {
        first = false;
        const e = cells.findIndex((c) => HEADER_EMAIL.test(c));
        if (e >= 0) {
          emailCol = e;
          const n = cells.findIndex((c) => HEADER_NAME.test(c));
          nameCol = n >= 0 ? n : -1;
          continue;
        }
        if (!cells[0]?.includes('@')) throw new AppError('BAD_REQUEST', SUBSCRIBER_MSG.noEmailColumn);
      }
      rows++;
      if (rows > MAX_IMPORT_ROWS) throw new AppError('BAD_REQUEST', SUBSCRIBER_MSG.tooManyRows);
      const email = (cells[emailCol] ?? '').toLowerCase();
      const name = nameCol >= 0 ? (cells[nameCol] ?? '') : '';
      // Checked before trimming: a quoted field may carry a line break at either end too.
      if (/[\r\n]/.test(record[emailCol] ?? '') || (nameCol >= 0 && /[\r\n]/.test(record[nameCol] ?? '')))
        bad(line, (email || name).replace(/[\r\n]+/g, ' '), 'A field holds a line break');
      else if (!email) bad(line, '', 'No e-mail address');
      else if (email.length > 254 || !emailShape.safeParse(email).success) bad(line, email, 'Not a valid e-mail address');
      else if (name.length > 200) bad(line, email, 'Name longer than 200 characters');
      else records.push({ line, email, name });
      if (++sinceYield >= 5000) {
        sinceYield = 0;
        await yieldToLoop();
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('BAD_REQUEST', `${SUBSCRIBER_MSG.unreadable} ${(err as Error).message.slice(0, 200)}`);
  }

  // De-duplicate within the file, then against the publication and the suppression list.
  const seen = new Set<string>();
  const unique = records.filter((r) => (seen.has(r.email) ? false : (seen.add(r.email), true)));
  const duplicatesInFile = records.length - unique.length;
  const existing = new Map<string, SubscriberStatus>();
  const suppressed = new Set<string>();
  for (let i = 0; i < unique.length; i += 900) {
    const emails = unique.slice(i, i + 900).map((r) => r.email);
    for (const r of ctx.db
      .select({ email: subscribers.email, status: subscribers.status })
      .from(subscribers)
      .where(and(eq(subscribers.publicationId, pub.id), inArray(subscribers.email, emails)))
      .all())
      existing.set(r.email, r.status);
    for (const r of ctx.db
      .select({ email: suppressions.email })
      .from(suppressions)
      .where(and(eq(suppressions.userId, ctx.user.id), inArray(suppressions.email, emails)))
      .all())
      suppressed.add(r.email);
    if (i % 9000 === 0) await yieldToLoop();
  }
  let alreadySubscribed = 0;
  let skippedUnsubscribed = 0;
  let suppressedCount = 0;
  const toInsert = unique.filter((r) => {
    const status = existing.get(r.email);
    if (status === 'active' || status === 'pending') return (alreadySubscribed++, false);
    if (status) return (skippedUnsubscribed++, false);
    if (suppressed.has(r.email)) return (suppressedCount++, false);
    return true;
  });

  const report: ImportReport = {
    rows,
    valid: toInsert.length,
    duplicatesInFile,
    alreadySubscribed,
    skippedUnsubscribed,
    suppressed: suppressedCount,
    invalid,
    invalidCount,
    imported: 0,
    overLimit: 0,
    message: '',
  };
  if (opts.mode === 'check') {
    report.message = invalidCount ? SUBSCRIBER_MSG.hasInvalid : `${toInsert.length.toLocaleString('en-US')} new subscribers are ready to import.`;
    return report;
  }
  if (invalidCount && !opts.skipInvalid) {
    report.message = SUBSCRIBER_MSG.hasInvalid;
    return report;
  }
  // Refused whole, writing nothing, when the file cannot fit as things stand; parallel imports are held
  // to the limit slice by slice below.
  checkLimit(ctx, pub.id, toInsert.length);
  const limit = capabilitiesFor(ctx.user).maxSubscribers;

  const now = ctx.now().getTime();
  const insert = ctx.db.$client.prepare(
    `INSERT INTO subscribers (id, publication_id, email, name, status, source, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'active', 'import', ?, ?) ON CONFLICT DO NOTHING`,
  );
  // Other imports, sign-ups and additions write between our slices, so each slice counts the publication
  // again and writes only what still fits, in the transaction that inserts it. IMMEDIATE takes the write
  // lock before the count, so no other connection can write between the count and the insert.
  const writeSlice = ctx.db.$client.transaction((slice: typeof toInsert, offset: number) => {
    const room = Number.isFinite(limit) ? Math.max(0, limit - keptCount(ctx.db, pub.id)) : Infinity;
    const out = { written: 0, taken: 0, overLimit: 0 };
    slice.forEach((r, i) => {
      if (out.written >= room) out.overLimit++;
      else if (insert.run(crypto.randomUUID(), pub.id, r.email, r.name, now + offset + i, now).changes) out.written++;
      else out.taken++; // added by someone else since the file was checked
    });
    return out;
  });
  let imported = 0;
  for (let i = 0; i < toInsert.length; i += 2000) {
    const slice = writeSlice.immediate(toInsert.slice(i, i + 2000), i);
    imported += slice.written;
    report.alreadySubscribed += slice.taken;
    report.overLimit += slice.overLimit;
    await yieldToLoop();
  }
  report.imported = imported;
  report.message = report.overLimit
    ? SUBSCRIBER_MSG.partlyOverLimit(imported, report.overLimit, limit)
    : `Imported ${imported.toLocaleString('en-US')} subscribers.`;
  return report;
}
