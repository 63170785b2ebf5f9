// Domain code speaks SQL that SQLite and Postgres both understand: SQLite-only functions, statements,
// the hidden rowid, SQLite's error codes and better-sqlite3's `.changes` live in the data layer
// (src/server/db.ts: `isUniqueViolation`, `affectedRows`; the transaction gate) and nowhere else in src/server.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const serverDir = path.join(root, 'src/server');
/** The data layer may speak its driver's dialect: db.ts, the transaction gate, and a db/ folder if it grows one. */
const DATA_LAYER = new Set(['db.ts', 'data-gate.ts'].map((f) => path.join(serverDir, f)));
const inDataLayer = (file: string) => DATA_LAYER.has(file) || file.startsWith(path.join(serverDir, 'db') + path.sep);

const IDIOMS: { name: string; pattern: RegExp }[] = [
  { name: 'json_each (use inArray)', pattern: /\bjson_each\b/i },
  { name: 'strftime (date arithmetic in SQL)', pattern: /\bstrftime\s*\(/i },
  { name: 'unixepoch (date arithmetic in SQL)', pattern: /\bunixepoch\b/i },
  { name: 'julianday (date arithmetic in SQL)', pattern: /\bjulianday\s*\(/i },
  { name: 'datetime() (date arithmetic in SQL)', pattern: /(?<![.\w])datetime\s*\(/i },
  { name: 'INSERT OR IGNORE/REPLACE (use ON CONFLICT)', pattern: /\bINSERT\s+OR\s+(IGNORE|REPLACE)\b/i },
  { name: 'rowid (order by a real column)', pattern: /\browid\b/i },
  { name: 'group_concat (aggregate strings in JS)', pattern: /\bgroup_concat\s*\(/i },
  { name: "SQLite's error code (use isUniqueViolation)", pattern: /\bSQLITE_CONSTRAINT/ },
  { name: "SQLite's error text (use isUniqueViolation)", pattern: /UNIQUE constraint failed/i },
  { name: 'better-sqlite3 .changes (use affectedRows)', pattern: /(?<!\.)\.changes\b/ },
  { name: 'scalar max(a, b)/min(a, b) (use CASE WHEN)', pattern: /(?<![.\w])(max|min)\s*\([^()]*,/i },
  { name: 'sum of a comparison (use sum(CASE WHEN … THEN 1 ELSE 0 END))', pattern: /(?<![.\w])sum\s*\((?!\s*CASE\b)[^()]*(?<![<>!])=/i },
  { name: 'unquoted camelCase alias (Postgres folds it to lower case)', pattern: /\bAS\s+[a-z]+[A-Z]\w*/ },
  { name: "count(*) typed as a number (use drizzle's count(): Postgres returns a bigint as text)", pattern: /sql<number>`count\(/i },
];

/** The idioms found in `text`, one entry per line and idiom, as `line: idiom`. */
function findIdioms(text: string): string[] {
  return text.split('\n').flatMap((line, i) => IDIOMS.filter((d) => d.pattern.test(line)).map((d) => `${i + 1}: ${d.name}`));
}

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourcesUnder(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('portable SQL', () => {
  it('recognises each SQLite-only idiom and lets the portable forms through', () => {
    const sqliteOnly = [
      'WHERE kind IN (SELECT value FROM json_each(@kinds))',
      "sql`strftime('%Y-%m-%d', ${users.createdAt} / 1000)`",
      "unixepoch('now')",
      "julianday('now') - 1",
      "datetime('now', '-1 day')",
      'INSERT OR IGNORE INTO send_recipients',
      'desc(sql`rowid`)',
      'select group_concat(name) from t',
      "if (err.code === 'SQLITE_CONSTRAINT_UNIQUE') {}",
      '/UNIQUE constraint failed: blog_posts\\.slug/',
      'return res.changes === 1;',
      'set({ used: sql`max(${aiUsage.used} - 1, 0)` })',
      "sql<number>`sum(${sendRecipients.status} = 'sent')`",
      'SELECT send_id AS sendId FROM t',
      '.select({ n: sql<number>`count(*)` })',
    ];
    for (const line of sqliteOnly) expect(findIdioms(line), line).toHaveLength(1);
    const portable = [
      'inArray(jobs.kind, [...kinds])',
      'z.iso.datetime({ offset: true })',
      'ON CONFLICT DO NOTHING',
      'desc(publications.id)',
      'if (isUniqueViolation(err)) {}',
      'return affectedRows(res) === 1;',
      'const next = { ...changes, x: 1 };',
      'Math.max(0, recipients - bounces)',
      'z.string().max(200)',
      'sql`max(${integrationPublications.createdAt})`',
      "sum(CASE WHEN kind = 'open' THEN 1 ELSE 0 END)",
      'SUM(CASE WHEN kind = \'click\' THEN n - hn ELSE 0 END) AS "machineClicks"',
      'SELECT send_id AS "sendId" FROM t',
      '.select({ n: count() })',
      "const total = sum('recipients');",
    ];
    for (const line of portable) expect(findIdioms(line), line).toEqual([]);
  });

  it('src/server outside the data layer uses none of them (each finding named by file and line)', () => {
    const found = sourcesUnder(serverDir)
      .filter((file) => !inDataLayer(file))
      .flatMap((file) => findIdioms(fs.readFileSync(file, 'utf8')).map((hit) => `${path.relative(root, file)}:${hit}`));
    expect(found).toEqual([]);
  });
});
