// Faults a test puts into its own database, in the running dialect's SQL: a table that is gone, inserts
// a table refuses, deletes it records. Tests use them to prove what the product does when the database
// fails under it.
import { sql } from 'drizzle-orm';
import { execute, isPostgres, queryRows, type Db } from '../../src/server/db';

/** Makes every later query of `table` fail, as a lost or damaged table would (renamed, so nothing is dropped for good). */
export async function breakTable(db: Db, table: string): Promise<void> {
  await execute(db, sql.raw(`ALTER TABLE ${table} RENAME TO ${table}_broken`));
}

/** Makes every insert into `table` fail with `message` until `allowInserts`. */
export async function refuseInserts(db: Db, table: string, message: string): Promise<void> {
  const trigger = `refuse_${table}`;
  if (isPostgres(db)) {
    await execute(db, sql.raw(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${message}'; END $$`));
    await execute(db, sql.raw(`CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${trigger}()`));
  } else {
    await execute(db, sql.raw(`CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, '${message}'); END`));
  }
}

export async function allowInserts(db: Db, table: string): Promise<void> {
  await execute(db, sql.raw(isPostgres(db) ? `DROP TRIGGER refuse_${table} ON ${table}` : `DROP TRIGGER refuse_${table}`));
}

/** Records the id of every row deleted from `table`; the returned function reads them. */
export async function recordDeletes(db: Db, table: string): Promise<() => Promise<string[]>> {
  const log = `deleted_from_${table}`;
  await execute(db, sql.raw(`CREATE TABLE ${log} (id TEXT NOT NULL)`));
  if (isPostgres(db)) {
    await execute(
      db,
      sql.raw(`CREATE FUNCTION log_${table}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO ${log} VALUES (OLD.id); RETURN OLD; END $$`),
    );
    await execute(db, sql.raw(`CREATE TRIGGER log_${table} AFTER DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION log_${table}()`));
  } else {
    await execute(db, sql.raw(`CREATE TRIGGER log_${table} AFTER DELETE ON ${table} BEGIN INSERT INTO ${log} VALUES (old.id); END`));
  }
  return async () => (await queryRows<{ id: string }>(db, sql.raw(`SELECT id FROM ${log}`))).map((r) => r.id);
}
