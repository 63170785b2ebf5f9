// One schema, two dialects: the Postgres tables derived from db/schema match it table by table and
// column by column, and neither dialect's committed migrations drift from its schema (drizzle-kit,
// run on a copy of the folder, finds nothing to generate).
import { describe, it, expect } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { is } from 'drizzle-orm';
import { getTableConfig as sqliteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- compares the SQLite tables with their Postgres twins
import * as sqlite from '../../db/schema/sqlite';
import * as tables from '../../db/schema';
import * as pg from '../../db/pg/schema';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

const tablesOf = <T>(mod: Record<string, unknown>, kind: new (...a: never[]) => T) =>
  Object.entries(mod).filter((e): e is [string, T] => is(e[1], kind as never));

describe('the Postgres schema', () => {
  it('db/schema hands out every table, the SQLite ones on SQLite', () => {
    for (const [key, table] of tablesOf(sqlite, SQLiteTable)) expect((tables as Record<string, unknown>)[key], key).toBe(table);
  });

  it('has every table of db/schema under the same export name, with the same columns, keys and indexes', () => {
    const pgTables = new Map(tablesOf(pg, PgTable));
    const sqliteTables = tablesOf(sqlite, SQLiteTable);
    expect(sqliteTables.length).toBeGreaterThan(30);
    expect([...pgTables.keys()].sort()).toEqual(sqliteTables.map(([k]) => k).sort());
    for (const [key, table] of sqliteTables) {
      const s = sqliteConfig(table);
      const p = pgConfig(pgTables.get(key)!);
      expect(p.name).toBe(s.name);
      const shape = (cols: { name: string; notNull: boolean; primary: boolean; hasDefault: boolean }[]) =>
        cols.map((c) => `${c.name}${c.notNull ? '!' : ''}${c.primary ? '#' : ''}${c.hasDefault ? '=' : ''}`).sort();
      expect(shape(p.columns), s.name).toEqual(shape(s.columns));
      expect(p.indexes.map((i) => i.config.unique).sort(), s.name).toEqual(s.indexes.map((i) => i.config.unique).sort());
      expect(
        p.foreignKeys
          .map((f) =>
            f
              .reference()
              .columns.map((c) => c.name)
              .join(),
          )
          .sort(),
        s.name,
      ).toEqual(
        s.foreignKeys
          .map((f) =>
            f
              .reference()
              .columns.map((c) => c.name)
              .join(),
          )
          .sort(),
      );
      expect(p.primaryKeys.length, s.name).toBe(s.primaryKeys.length);
      // Postgres would cut a longer name and report the cut one back.
      for (const name of [...p.indexes.map((i) => i.config.name ?? ''), ...p.foreignKeys.map((f) => f.getName()), ...p.primaryKeys.map((k) => k.getName())]) {
        expect(name.length, name).toBeLessThanOrEqual(63);
      }
    }
  });
});

/** Runs drizzle-kit generate for `dialect` on a copy of `folder` (minus `drop` last migrations) and says whether it found changes. */
async function drifts(dialect: 'sqlite' | 'postgresql', folder: string, schema: string, drop = 0): Promise<boolean> {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), `drift-${dialect}-`));
  fs.cpSync(path.join(ROOT, folder), copy, { recursive: true });
  if (drop) {
    const journalFile = path.join(copy, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
    for (const entry of journal.entries.splice(-drop)) {
      fs.rmSync(path.join(copy, `${entry.tag}.sql`));
      fs.rmSync(path.join(copy, 'meta', `${String(entry.idx).padStart(4, '0')}_snapshot.json`));
    }
    fs.writeFileSync(journalFile, JSON.stringify(journal));
  }
  const before = fs.readdirSync(copy).length;
  try {
    // drizzle-kit joins --out to the working directory, so it is given relative to the project.
    const { stdout } = await run(
      process.execPath,
      [path.join(ROOT, 'node_modules/drizzle-kit/bin.cjs'), 'generate', `--dialect=${dialect}`, `--schema=${schema}`, `--out=${path.relative(ROOT, copy)}`],
      { cwd: ROOT },
    );
    const unchanged = stdout.includes('No schema changes');
    expect(fs.readdirSync(copy).length === before).toBe(unchanged);
    return !unchanged;
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

describe('committed migrations', () => {
  it('the Postgres migrations (db/migrations-pg) are up to date with the schema', async () => {
    expect(await drifts('postgresql', 'db/migrations-pg', './db/pg/schema.ts')).toBe(false);
  }, 60_000);

  it('the SQLite migrations (db/migrations) are up to date with the schema', async () => {
    expect(await drifts('sqlite', 'db/migrations', './db/schema/sqlite.ts')).toBe(false);
  }, 60_000);

  it('a folder missing its last migration is reported as drift (the check can fail)', async () => {
    expect(await drifts('sqlite', 'db/migrations', './db/schema/sqlite.ts', 1)).toBe(true);
  }, 60_000);
});
