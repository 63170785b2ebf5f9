// The patch of drizzle (scripts/patches, applied by postinstall): `is()`, the check behind every step of
// building a query, keeps its answer per prototype and class. These check that it answers exactly as
// drizzle's own walk does, for drizzle's objects and for a class of another copy of drizzle (same kind,
// other class), that a class that is no entity still throws every time, and that a repeated check is
// answered without walking the chain again.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Column, SQL, Table, View, entityKind, eq, is, sql, type AnyColumn } from 'drizzle-orm';
import { Param, Placeholder, StringChunk, Name } from 'drizzle-orm/sql/sql';
import { SQLiteColumn, SQLiteTable, integer, sqliteTable, sqliteView, text } from 'drizzle-orm/sqlite-core';

/** drizzle's own check, as it is unpatched. */
function reference(value: unknown, type: { [entityKind]?: string } & (abstract new (...args: never[]) => unknown)): boolean {
  if (!value || typeof value !== 'object') return false;
  if (value instanceof type) return true;
  if (!Object.prototype.hasOwnProperty.call(type, entityKind)) throw new Error('not an entity');
  let cls = Object.getPrototypeOf(value).constructor as unknown;
  while (cls) {
    if (entityKind in (cls as object) && (cls as Record<symbol, unknown>)[entityKind] === type[entityKind]) return true;
    cls = Object.getPrototypeOf(cls);
  }
  return false;
}

const notes = sqliteTable('notes', { id: text('id').primaryKey(), n: integer('n').notNull() });
const noteView = sqliteView('note_view').as((qb) => qb.select().from(notes));

describe('the drizzle is() patch', () => {
  it('is applied to both builds', () => {
    const require = createRequire(import.meta.url);
    const esm = require.resolve('drizzle-orm').replace(/index\.c?js$/, 'entity.js');
    for (const file of [esm, esm.replace(/\.js$/, '.cjs')]) expect(fs.readFileSync(file, 'utf8')).toContain('Patched (scripts/patches)');
  });

  it("answers as drizzle's own walk for every pair of drizzle's objects and classes, asked twice", () => {
    const values: unknown[] = [
      notes,
      notes.id,
      notes.n,
      eq(notes.id, 'x'),
      sql`select 1`,
      sql`select 1`.as('one'),
      new Param(1),
      sql.placeholder('id'),
      new StringChunk('x'),
      new Name('x'),
      noteView,
      {},
      [],
      Object.create(null),
      'text',
      7,
      null,
      undefined,
    ];
    const types = [SQL, SQL.Aliased, Column, SQLiteColumn, Table, SQLiteTable, View, Param, Placeholder, StringChunk, Name];
    const outcome = (check: () => boolean) => {
      try {
        return check();
      } catch (err) {
        return `throws ${(err as Error).constructor.name}`;
      }
    };
    for (let round = 0; round < 2; round++) {
      for (const value of values)
        for (const type of types) {
          const label = `${String(type.name)} of ${Object.prototype.toString.call(value)}`;
          expect(
            outcome(() => is(value, type)),
            label,
          ).toBe(outcome(() => reference(value, type)));
        }
    }
    expect(is(notes.id, Column)).toBe(true);
    expect(is(notes.id, SQL)).toBe(false);
  });

  it('recognises a class of another copy of drizzle by its kind, and tells kinds apart', () => {
    // What two installed copies of drizzle look like to each other: other classes, the same kinds.
    class OtherSQL {
      static readonly [entityKind] = 'SQL';
    }
    class OtherSubSQL extends OtherSQL {}
    class Unrelated {
      static readonly [entityKind] = 'Unrelated';
    }
    for (let round = 0; round < 2; round++) {
      expect(is(new OtherSQL(), SQL)).toBe(true);
      expect(is(new OtherSubSQL(), SQL)).toBe(true);
      expect(is(new OtherSQL(), Column)).toBe(false);
      expect(is(new Unrelated(), SQL)).toBe(false);
    }
  });

  it('throws for a class that is no drizzle entity, every time', () => {
    class Plain {}
    for (let round = 0; round < 2; round++) expect(() => is({ a: 1 }, Plain as never)).toThrow(/doesn't look like a Drizzle entity/);
  });

  it('answers a repeated check without walking the chain again', () => {
    let reads = 0;
    class Counted {
      static get [entityKind]() {
        reads++;
        return 'Counted';
      }
    }
    const column = notes.n as AnyColumn;
    expect(is(column, Counted as never)).toBe(false);
    const first = reads;
    expect(first).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect(is(column, Counted as never)).toBe(false);
    expect(reads).toBe(first);
  });
});
