// Importing a subscriber CSV: read in 64 KB pieces of bytes (the event loop turns between them), every
// row validated and reported by the physical line it starts on, nothing written while any row is invalid
// (unless asked to import the valid rows alone), then written in slices that each re-check the plan's limit.
import { recordReaderEvents } from '../events';
import { MAX_TAGS_PER_READER, READERS_MSG, tagName } from '../../../shared/schemas/readers';
import crypto from 'node:crypto';
import { and, eq, sql, type Column } from 'drizzle-orm';
import { parse } from 'csv-parse';
import { subscriberTags, subscribers, suppressions, type SubscriberStatus } from '../../../../db/schema';
import { capabilitiesFor } from '../../../shared/plans';
import { AppError } from '../../errors';
import type { ImportReport } from './schemas';
import { MAX_IMPORT_ROWS, SUBSCRIBER_MSG, authorizeImport, checkLimit, emailShape, keptCount, type Ctx } from './subscribers';
import { affectedRows, execute, inTx, isPostgres, tx, type DbOrTx } from '../../db';
import { locks } from '../../locks';

const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));
/**
 * The longest the row loop runs before other requests get the loop: counted in time, not rows, because
 * the first rows of a process (its parser and checks not yet compiled) cost several times the later ones.
 */
const TURN_MS = 8;
/**
 * Rows written per transaction (its readers, their history, the limit's count): a slice holds the loop
 * ~20–60 ms; 2,000 went over the 100 ms stall budget of `npm run bench delivery`.
 */
const SLICE_ROWS = 1000;
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
/**
 * `column in (…)` over text values (never empty). drizzle's inArray wraps each value in a typed parameter
 * and inspects it several times while building the query, which for 100,000 addresses costs more than
 * the lookups; addresses need no encoding, so they are bound as they are.
 */
const among = (column: Column, values: string[]) => sql`${column} in ${values}`;
const HEADER_EMAIL = /^(e-?mail|email address|e-mail address)$/i;
const HEADER_NAME = /^(name|full name|first name|firstname|first_name|full_name)$/i;
const HEADER_TAGS = /^tags?$/i;

/**
 * A `tags` cell: tags separated by ; or |. Answers the tags, or the first refusal (markup, length, too
 * many). Files repeat the same few cells, so each distinct cell is checked once.
 */
function tagCellParser() {
  const seen = new Map<string, { tags: string[] } | { error: string }>();
  return (cell: string) => {
    let out = seen.get(cell);
    if (!out) {
      const tags: string[] = [];
      const lower = new Set<string>();
      let error: string | undefined;
      for (const raw of cell.split(/[;|]/)) {
        if (!raw.trim()) continue;
        const parsed = tagName.safeParse(raw);
        if (!parsed.success) {
          error = `Tag "${raw.trim().slice(0, 60)}": ${parsed.error.issues[0]?.message ?? READERS_MSG.tagMarkup}`;
          break;
        }
        if (lower.has(parsed.data.toLowerCase())) continue;
        lower.add(parsed.data.toLowerCase());
        tags.push(parsed.data);
      }
      if (!error && tags.length > MAX_TAGS_PER_READER) error = READERS_MSG.tooManyTags;
      out = error ? { error } : { tags };
      if (seen.size < 10_000) seen.set(cell, out);
    }
    return out;
  };
}

type NewRow = { email: string; name: string; at: number; tags?: string[] };
/** A reader the import wrote: its id and when it joined (ms). */
type Written = { id: string; at: number };

/**
 * SQLite: one statement prepared once on the shared handle, run per row inside the slice's transaction
 * (in-process, a run costs microseconds; building one statement of 2,000 rows through drizzle cost more).
 * The text values are bare placeholders: they need no encoding, and drizzle fills those with the least
 * work per row.
 */
function sqliteInsert(db: DbOrTx, publicationId: string, updatedAt: Date) {
  const text = (name: string) => sql`${sql.placeholder(name)}`;
  const insert = db
    .insert(subscribers)
    .values({
      id: text('id'),
      publicationId,
      email: text('email'),
      name: text('name'),
      status: 'active',
      source: 'import',
      createdAt: sql.placeholder('createdAt'),
      updatedAt,
    })
    .onConflictDoNothing()
    .prepare();
  return async (t: DbOrTx, rows: NewRow[]): Promise<Written[]> => {
    const here = inTx(t, insert);
    const written: Written[] = [];
    for (const r of rows) {
      const id = crypto.randomUUID();
      if (affectedRows(await here.execute({ id, email: r.email, name: r.name, createdAt: new Date(r.at) }))) written.push({ id, at: r.at });
    }
    return written;
  };
}

/**
 * Postgres: each statement is a network round trip, so the rows go in one statement, as four arrays
 * unnested into rows (four parameters, however many rows). Values pass through their columns' encoders,
 * as drizzle's own inserts do (text Postgres refuses, such as NUL, is replaced).
 */
function postgresInsert(publicationId: string, updatedAt: Date) {
  const c = subscribers;
  const col = (column: Column) => sql.identifier(column.name);
  const texts = (column: Column, values: string[]) => sql`${sql.param(values.map((v) => column.mapToDriverValue(v)))}::text[]`;
  return async (t: DbOrTx, rows: NewRow[]): Promise<Written[]> => {
    const ids = texts(
      c.id,
      rows.map(() => crypto.randomUUID()),
    );
    const emails = texts(
      c.email,
      rows.map((r) => r.email),
    );
    const names = texts(
      c.name,
      rows.map((r) => r.name),
    );
    const ats = sql`${sql.param(rows.map((r) => r.at))}::bigint[]`;
    const status: SubscriberStatus = 'active';
    const query = sql`insert into ${c} (${col(c.id)}, ${col(c.publicationId)}, ${col(c.email)}, ${col(c.name)}, ${col(c.status)}, ${col(c.source)}, ${col(c.createdAt)}, ${col(c.updatedAt)})
      select r.id, ${publicationId}, r.email, r.name, ${status}, 'import', timestamptz 'epoch' + r.at * interval '1 millisecond', ${c.updatedAt.mapToDriverValue(updatedAt)}::timestamptz
      from unnest(${ids}, ${emails}, ${names}, ${ats}) as r(id, email, name, at)
      on conflict do nothing
      returning ${col(c.id)} as id, (extract(epoch from ${col(c.createdAt)}) * 1000)::bigint as at`;
    const res = (await execute(t, query)) as unknown as { rows: { id: string; at: string | number }[] };
    return res.rows.map((r) => ({ id: r.id, at: Number(r.at) }));
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
  const records: { line: number; email: string; name: string; tags?: string[] }[] = [];
  const tagCell = tagCellParser();
  let tagsCol = -1;
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
    let turnStarted = performance.now();
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
          tagsCol = cells.findIndex((c) => HEADER_TAGS.test(c));
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
      else if (tagsCol >= 0 && cells[tagsCol]) {
        const tags = tagCell(cells[tagsCol]);
        if ('error' in tags) bad(line, email, tags.error);
        else records.push({ line, email, name, tags: tags.tags });
      } else records.push({ line, email, name });
      if ((rows & 127) === 0 && performance.now() - turnStarted > TURN_MS) {
        await yieldToLoop();
        turnStarted = performance.now();
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
    for (const r of await ctx.db
      .select({ email: subscribers.email, status: subscribers.status })
      .from(subscribers)
      .where(and(eq(subscribers.publicationId, pub.id), among(subscribers.email, emails))))
      existing.set(r.email, r.status);
    for (const r of await ctx.db
      .select({ email: suppressions.email })
      .from(suppressions)
      .where(and(eq(suppressions.userId, ctx.user.id), among(suppressions.email, emails))))
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
  await checkLimit(ctx, pub.id, toInsert.length);
  const limit = capabilitiesFor(ctx.user).maxSubscribers;

  const now = ctx.now().getTime();
  type Row = (typeof toInsert)[number] & { at: number };
  const insertRows = isPostgres(ctx.db) ? postgresInsert(pub.id, new Date(now)) : sqliteInsert(ctx.db, pub.id, new Date(now));
  // Other imports, sign-ups and additions write between our slices, so each slice counts the publication
  // again and writes only what still fits, in the transaction that inserts it, under the publication's
  // subscriber lock (SQLite's IMMEDIATE write lock; an advisory lock on Postgres): nothing else adds
  // readers between the count and the insert. Rows go in file order, as many at a time as there is room
  // for (the whole slice in one statement on Postgres); an address someone else added meanwhile is
  // skipped without taking room, so while room is left the next rows are tried.
  // A written reader's row is known by its join time (unique per row of the file).
  const writeTags = async (t: DbOrTx, rows: Row[], written: Written[]) => {
    if (tagsCol < 0) return;
    const byAt = new Map(rows.map((r) => [r.at, r.tags]));
    const tagRows: { subscriberId: string; publicationId: string; tag: string; source: string; createdAt: Date }[] = [];
    for (const w of written)
      for (const tag of byAt.get(w.at) ?? []) tagRows.push({ subscriberId: w.id, publicationId: pub.id, tag, source: 'import', createdAt: new Date(w.at) });
    for (let i = 0; i < tagRows.length; i += 500) await t.insert(subscriberTags).values(tagRows.slice(i, i + 500));
    await recordReaderEvents(
      t,
      tagRows.map((r) => ({
        publicationId: pub.id,
        subscriberId: r.subscriberId,
        kind: 'tagged' as const,
        source: 'import',
        detail: { tag: r.tag },
        at: r.createdAt,
      })),
    );
  };
  const writeSlice = (slice: Row[]) =>
    tx(ctx.db, async (t) => {
      await locks.subscribersOf(t, pub.id);
      const room = Number.isFinite(limit) ? Math.max(0, limit - (await keptCount(t, pub.id))) : Infinity;
      const out = { written: 0, taken: 0, overLimit: 0 };
      let next = 0;
      while (next < slice.length && out.written < room) {
        const rows = slice.slice(next, next + Math.min(slice.length - next, room - out.written));
        next += rows.length;
        const written = await insertRows(t, rows);
        await recordReaderEvents(
          t,
          written.map((w) => ({ publicationId: pub.id, subscriberId: w.id, kind: 'subscribed' as const, source: 'import', at: new Date(w.at) })),
        );
        await writeTags(t, rows, written);
        out.written += written.length;
        out.taken += rows.length - written.length; // added by someone else since the file was checked
      }
      out.overLimit = slice.length - next;
      return out;
    });
  let imported = 0;
  for (let i = 0; i < toInsert.length; i += SLICE_ROWS) {
    const slice = await writeSlice(toInsert.slice(i, i + SLICE_ROWS).map((r, j) => ({ ...r, at: now + i + j })));
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
