// Inside `tx(handle, async (t) => …)` only `t` is used. On Postgres a transaction holds one pooled
// connection (often with an advisory lock): a query on the outer handle, a nested `tx` on it, or a job
// written without the transaction (`enqueue(job)` opens its own) needs a SECOND connection from the same
// pool, and N such transactions at once on a pool of N wait for each other until the connect timeout
// answers 503. On SQLite the same query would wait at the transaction gate instead. This scans every
// `tx(` call in src/server and names file and line.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const serverDir = path.join(root, 'src/server');
/** The data layer defines `tx` and may use its handles as it needs. */
const DATA_LAYER = new Set(['db.ts', 'data-gate.ts'].map((f) => path.join(serverDir, f)));

const OPEN = '([{';
const CLOSE = ')]}';

/** Index just past the bracket that closes the one opened at `start`. */
function closing(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (OPEN.includes(text[i]!)) depth++;
    else if (CLOSE.includes(text[i]!) && --depth === 0) return i + 1;
  }
  return text.length;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Uses of the outer handle inside each `tx(handle, …)` call of `text`, as `line: what`. */
export function outerHandleUses(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?<![\w.])tx\(\s*([\w.]+)\s*,/g)) {
    const handle = escape(m[1]!);
    const open = m.index + m[0].indexOf('(');
    const bodyStart = m.index + m[0].length;
    const body = text.slice(bodyStart, closing(text, open));
    const rules: { what: string; pattern: RegExp }[] = [
      { what: `query on the outer handle ${m[1]}`, pattern: new RegExp(`(?<![\\w.])${handle}\\s*\\.\\s*(select|insert|update|delete|execute|query)\\b`) },
      { what: `raw SQL or a lock on the outer handle ${m[1]}`, pattern: new RegExp(`\\b(queryRows|execute|lockFor|tx)\\(\\s*${handle}\\s*[,)]`) },
      { what: 'a job written outside the transaction (pass the transaction to enqueue)', pattern: /\.enqueue\(\s*\{[^;]*?\}\s*\)/ },
    ];
    const firstLine = text.slice(0, bodyStart).split('\n').length;
    body.split('\n').forEach((line, i) => {
      for (const r of rules) if (r.pattern.test(line)) found.push(`${firstLine + i}: ${r.what}`);
    });
  }
  return found;
}

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourcesUnder(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('transactions use only their own handle', () => {
  it('the scan finds a query, raw SQL, a lock and a nested transaction on the outer handle, and a job written outside', () => {
    const sample = [
      'await tx(ctx.db, async (t) => {',
      '  await t.select().from(users);',
      '  await ctx.db.select().from(users);',
      '  await queryRows(ctx.db, sql`SELECT 1`);',
      '  await lockFor(ctx.db, key);',
      '  await ctx.queue.enqueue({ kind: SEND_JOB, payload: {} });',
      '  await ctx.queue.enqueue({ kind: SEND_JOB, payload: {} }, t);',
      '});',
      'await tx(db, (t) => tx(db, (u) => u.select().from(users)));',
      'await ctx.db.select().from(users);',
    ].join('\n');
    expect(outerHandleUses(sample)).toEqual([
      '3: query on the outer handle ctx.db',
      '4: raw SQL or a lock on the outer handle ctx.db',
      '5: raw SQL or a lock on the outer handle ctx.db',
      '6: a job written outside the transaction (pass the transaction to enqueue)',
      '9: raw SQL or a lock on the outer handle db',
    ]);
  });

  it('no transaction in src/server uses the outer handle', () => {
    const offenders = sourcesUnder(serverDir)
      .filter((f) => !DATA_LAYER.has(f))
      .flatMap((f) => outerHandleUses(fs.readFileSync(f, 'utf8')).map((hit) => `${path.relative(root, f)}:${hit}`));
    expect(offenders).toEqual([]);
  });
});
