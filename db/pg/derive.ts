// The Postgres tables, derived from the one schema in db/schema: every SQLite table, column, default,
// key, index and foreign key is mapped to its Postgres twin by reading drizzle's table config, so the
// schema is written once and the two dialects cannot disagree on a name.
//
// Column types keep the values the application sees: text → text, JSON text → jsonb, integer
// timestamps (ms) → timestamptz(3), integer booleans → boolean, plain integers → bigint read as a
// number (several hold milliseconds since 1970, past int4), an autoincrement key → bigint identity,
// blobs → bytea (Buffer in, Buffer out).
import crypto from 'node:crypto';
import { is, type Column } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  bigint,
  boolean,
  customType,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';

/** Postgres cuts identifiers at 63 bytes; a longer SQLite name keeps its start and a hash of the whole. */
const pgName = (name: string) => (name.length <= 63 ? name : `${name.slice(0, 54)}_${crypto.createHash('sha256').update(name).digest('hex').slice(0, 8)}`);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Postgres refuses in text what SQLite stores: NUL characters (in text and JSON) and, in JSON, lone
 * surrogates, which pasted or hostile text can hold. Both become U+FFFD on the way in, as UTF-8 encoding
 * does with a lone surrogate anyway. Replaced, not dropped: the same mapping applies to the values a
 * query compares with, and a token with a NUL after it must not match the token without it.
 */
const storable = (s: string) => s.replace(/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
const pgText = customType<{ data: string; driverData: string }>({ dataType: () => 'text', toDriver: storable });
const pgJson = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? storable(v) : v)),
});

type SqliteColumn = Column & { autoIncrement?: boolean; defaultFn?: () => unknown; onUpdateFn?: () => unknown };

function columnFor(col: SqliteColumn): PgColumnBuilderBase {
  const name = col.name;
  let b;
  switch (col.columnType) {
    case 'SQLiteText':
      b = pgText(name);
      break;
    case 'SQLiteTextJson':
      b = pgJson(name);
      break;
    case 'SQLiteTimestamp':
      b = timestamp(name, { precision: 3, withTimezone: true, mode: 'date' });
      break;
    case 'SQLiteBoolean':
      b = boolean(name);
      break;
    case 'SQLiteInteger':
      b = col.autoIncrement ? bigint(name, { mode: 'number' }).generatedByDefaultAsIdentity() : bigint(name, { mode: 'number' });
      break;
    case 'SQLiteBlobBuffer':
      b = bytea(name);
      break;
    default:
      throw new Error(`No Postgres type for ${col.columnType} (column ${name})`);
  }
  if (col.primary) b = b.primaryKey();
  if (col.notNull && !col.primary) b = b.notNull();
  if (col.default !== undefined) b = b.default(col.default as never);
  if (col.defaultFn) b = b.$defaultFn(col.defaultFn as never);
  if (col.onUpdateFn) b = b.$onUpdateFn(col.onUpdateFn as never);
  if (col.isUnique) b = b.unique(col.uniqueName);
  return b as PgColumnBuilderBase;
}

/** Postgres twins of every SQLite table exported by `schema`, under the same export names. */
export function derivePgTables<S extends Record<string, unknown>>(schema: S): Record<string, PgTableWithColumns<never>> {
  const sqliteTables = Object.entries(schema).filter((e): e is [string, SQLiteTable] => is(e[1], SQLiteTable));
  const byName = new Map<string, PgTableWithColumns<never>>();
  const out: Record<string, PgTableWithColumns<never>> = {};
  for (const [exportName, table] of sqliteTables) {
    const config = getTableConfig(table);
    const columns = Object.fromEntries(
      Object.entries(table as unknown as Record<string, unknown>)
        .filter((e): e is [string, SqliteColumn] => config.columns.includes(e[1] as never))
        .map(([key, col]) => [key, columnFor(col)]),
    );
    // Keys, indexes and foreign keys name columns by their SQL names; the callback runs when drizzle
    // reads the table's config, by which time every table of the schema exists.
    const pgCol = (t: Record<string, unknown>, sqlName: string) =>
      Object.values(t).find((c) => (c as { name?: string } | null)?.name === sqlName) as AnyPgColumn;
    const colsOf = (t: Record<string, unknown>, cols: { name: string }[]) => cols.map((c) => pgCol(t, c.name)) as [AnyPgColumn, ...AnyPgColumn[]];
    const pg = pgTable(config.name, columns, (t) => [
      ...config.primaryKeys.map((pk) => primaryKey({ name: pgName(pk.getName()), columns: colsOf(t, pk.columns) })),
      ...config.indexes.map((idx) => {
        const { name, columns: idxCols, unique } = idx.config;
        const on = colsOf(t, idxCols as { name: string }[]);
        return unique ? uniqueIndex(pgName(name)).on(...on) : index(pgName(name)).on(...on);
      }),
      ...config.foreignKeys.map((fk) => {
        const ref = fk.reference();
        const target = byName.get(getTableConfig(ref.foreignTable).name);
        if (!target) throw new Error(`${config.name} references ${getTableConfig(ref.foreignTable).name}, which is not in the schema`);
        let built = foreignKey({
          name: pgName(fk.getName()),
          columns: colsOf(t, ref.columns),
          foreignColumns: colsOf(target as unknown as Record<string, unknown>, ref.foreignColumns),
        });
        if (fk.onDelete) built = built.onDelete(fk.onDelete);
        if (fk.onUpdate) built = built.onUpdate(fk.onUpdate);
        return built;
      }),
    ]);
    byName.set(config.name, pg as never);
    out[exportName] = pg as never;
  }
  return out;
}
