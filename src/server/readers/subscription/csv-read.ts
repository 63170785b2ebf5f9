// Reading a subscriber CSV: fed to the parser in 64 KB pieces of bytes (the event loop turns between
// them), its header found (or its first row taken as data), every row validated and reported by the
// physical line it starts on. Nothing here writes; csv-import.ts decides what the rows become.
import { parse, type Parser } from 'csv-parse';
import { MAX_TAGS_PER_READER, READERS_MSG, tagName } from '../../../shared/schemas/readers';
import { AppError } from '../../errors';
import type { ImportReport } from '../../../shared/schemas/subscribers';
import { MAX_IMPORT_ROWS, SUBSCRIBER_MSG, emailShape } from './subscribers';

export const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));
/**
 * The longest the row loop runs before other requests get the loop: counted in time, not rows, because
 * the first rows of a process (its parser and checks not yet compiled) cost several times the later ones.
 */
const TURN_MS = 8;
/** Bytes handed to the parser at a time. */
const PIECE = 65_536;
/** Invalid rows reported one by one; the rest are only counted. */
const INVALID_SHOWN = 100;

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
export function physicalLines(bytes: Buffer) {
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
const HEADER_TAGS = /^tags?$/i;

/** Which cells of a row hold the address, the name and the tags (-1: none). */
export interface CsvColumns {
  email: number;
  name: number;
  tags: number;
}
/** A file without a header row: addresses first, then names; no tags. */
export const DEFAULT_COLUMNS: CsvColumns = { email: 0, name: 1, tags: -1 };

/**
 * The columns a first row names, or null when it is data already (its first cell holds an address);
 * a first row that is neither is refused.
 */
export function headerColumns(cells: string[]): CsvColumns | null {
  const email = cells.findIndex((c) => HEADER_EMAIL.test(c));
  if (email >= 0) return { email, name: cells.findIndex((c) => HEADER_NAME.test(c)), tags: cells.findIndex((c) => HEADER_TAGS.test(c)) };
  if (!cells[0]?.includes('@')) throw new AppError('BAD_REQUEST', SUBSCRIBER_MSG.noEmailColumn);
  return null;
}

/**
 * A `tags` cell: tags separated by ; or |. Answers the tags, or the first refusal (markup, length, too
 * many). Files repeat the same few cells, so each distinct cell is checked once.
 */
export function tagCellParser() {
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

/** A valid row: the line it starts on, the lower-cased address, the name, its tags when the file has a tags column. */
export type CsvRecord = { line: number; email: string; name: string; tags?: string[] };
export type RowCheck = { record: CsvRecord } | { bad: { value: string; reason: string } };

/** One data row checked: `record` is as parsed (line breaks still in), `cells` the same trimmed. */
export function checkRow(line: number, record: string[], cells: string[], cols: CsvColumns, tagCell: ReturnType<typeof tagCellParser>): RowCheck {
  const bad = (value: string, reason: string): RowCheck => ({ bad: { value, reason } });
  const email = (cells[cols.email] ?? '').toLowerCase();
  const name = cols.name >= 0 ? (cells[cols.name] ?? '') : '';
  // Checked before trimming: a quoted field may carry a line break at either end too.
  if (/[\r\n]/.test(record[cols.email] ?? '') || (cols.name >= 0 && /[\r\n]/.test(record[cols.name] ?? '')))
    return bad((email || name).replace(/[\r\n]+/g, ' '), 'A field holds a line break');
  if (!email) return bad('', 'No e-mail address');
  if (email.length > 254 || !emailShape.safeParse(email).success) return bad(email, 'Not a valid e-mail address');
  if (name.length > 200) return bad(email, 'Name longer than 200 characters');
  if (cols.tags >= 0 && cells[cols.tags]) {
    const tags = tagCell(cells[cols.tags]!);
    return 'error' in tags ? bad(email, tags.error) : { record: { line, email, name, tags: tags.tags } };
  }
  return { record: { line, email, name } };
}

/**
 * A parser fed `bytes` in pieces as it asks for more. Given the whole text at once, csv-parse parses it
 * in one synchronous run (~400 ms for 100,000 rows); fed in 64 KB pieces, the loop turns between them.
 * Bytes, not string slices: a slice of a string can split a character in two. Every kind of line end
 * ends a row, so rows and the physical lines counted alongside agree in mixed files.
 */
export function piecewiseParser(bytes: Buffer): Parser {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    relax_quotes: true,
    info: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  });
  void (async () => {
    for (let i = 0; i < bytes.length && !parser.destroyed; i += PIECE) {
      if (!parser.write(bytes.subarray(i, i + PIECE))) await drainedOrClosed(parser);
      await yieldToLoop();
    }
    if (!parser.destroyed) parser.end();
  })().catch((err: unknown) => parser.destroy(err as Error));
  return parser;
}

/** Gives the loop a turn once the rows have held it TURN_MS (looked at every 128 rows). */
function loopTurns() {
  let started = performance.now();
  return async (rows: number) => {
    if ((rows & 127) !== 0 || performance.now() - started <= TURN_MS) return;
    await yieldToLoop();
    started = performance.now();
  };
}

/** The file's rows: the valid ones, the data rows counted, the invalid ones (the first 100 shown), whether it has tags. */
export interface CsvRows {
  records: CsvRecord[];
  rows: number;
  invalid: ImportReport['invalid'];
  invalidCount: number;
  tagged: boolean;
}

/** Reads and checks every row of a subscriber CSV; a file that is no CSV, has no address column or too many rows is refused. */
export async function readCsvRows(csvText: string): Promise<CsvRows> {
  const bytes = Buffer.from(csvText, 'utf8');
  const parser = piecewiseParser(bytes);
  const lineOf = physicalLines(bytes);
  const tagCell = tagCellParser();
  const turn = loopTurns();
  const out: CsvRows = { records: [], rows: 0, invalid: [], invalidCount: 0, tagged: false };
  let cols: CsvColumns | undefined;
  try {
    let previousEnd = 0;
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { bytes: number } }>) {
      const line = lineOf(previousEnd);
      previousEnd = info.bytes;
      const cells = record.map((c) => c.trim());
      if (!cols) {
        const header = headerColumns(cells);
        cols = header ?? DEFAULT_COLUMNS;
        if (header) continue;
      }
      out.rows++;
      if (out.rows > MAX_IMPORT_ROWS) throw new AppError('BAD_REQUEST', SUBSCRIBER_MSG.tooManyRows);
      const checked = checkRow(line, record, cells, cols, tagCell);
      if ('record' in checked) out.records.push(checked.record);
      else {
        out.invalidCount++;
        if (out.invalid.length < INVALID_SHOWN) out.invalid.push({ line, value: checked.bad.value.slice(0, 200), reason: checked.bad.reason });
      }
      await turn(out.rows);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('BAD_REQUEST', `${SUBSCRIBER_MSG.unreadable} ${(err as Error).message.slice(0, 200)}`);
  }
  out.tagged = (cols?.tags ?? -1) >= 0;
  return out;
}
