// The data layer's driver facts: a unique violation is recognised whichever way the driver's error
// reaches domain code (raw from a query builder, wrapped by drizzle, or Postgres's code), and the rows
// a write changed are counted from either driver's result.
import { describe, it, expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { affectedRows, isUniqueViolation, openDb } from '../../../src/server/db';
import { publications, users } from '../../../db/schema';

async function errorOf(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected the statement to fail');
}

async function dbWithUser() {
  const db = openDb(':memory:');
  const at = new Date(0);
  await db.insert(users).values({ id: 'u1', email: 'a@example.com', name: 'A', username: 'a', createdAt: at, updatedAt: at });
  const pub = (id: string, slug: string | null) =>
    db.insert(publications).values({ id, userId: 'u1', name: id, slug, workflowData: {} as never, createdAt: at, updatedAt: at });
  return { db, pub };
}

describe('isUniqueViolation', () => {
  it('recognises a unique index and a primary key refusing a row, raw or wrapped by drizzle', async () => {
    const { db, pub } = await dbWithUser();
    await pub('p1', 'weekly');
    expect(isUniqueViolation(await errorOf(() => pub('p2', 'weekly')))).toBe(true);
    expect(isUniqueViolation(await errorOf(() => pub('p1', 'other')))).toBe(true);
    expect(
      isUniqueViolation(
        await errorOf(() =>
          db.run(sql`INSERT INTO publications (id, user_id, name, slug, workflow_data, created_at, updated_at) VALUES ('p4', 'u1', 'x', 'weekly', '{}', 0, 0)`),
        ),
      ),
    ).toBe(true);
  });

  it('does not take other failures for one', async () => {
    const { db, pub } = await dbWithUser();
    expect(
      isUniqueViolation(
        await errorOf(() =>
          db.run(sql`INSERT INTO publications (id, user_id, name, workflow_data, created_at, updated_at) VALUES ('p0', 'nobody', 'x', '{}', 0, 0)`),
        ),
      ),
    ).toBe(false);
    expect(isUniqueViolation(await errorOf(() => db.run(sql`INSERT INTO publications (id) VALUES ('p0')`)))).toBe(false);
    await pub('p1', 'weekly');
    expect(isUniqueViolation(await errorOf(() => db.run(sql`SELECT * FROM no_such_table`)))).toBe(false);
    expect(isUniqueViolation(new Error('UNIQUE constraint failed: publications.slug'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });

  it("recognises Postgres's unique_violation, raw or wrapped", () => {
    const pg = Object.assign(new Error('duplicate key value violates unique constraint "publications_slug_unique"'), { code: '23505' });
    expect(isUniqueViolation(pg)).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: pg }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error('foreign key'), { code: '23503' }))).toBe(false);
  });
});

describe('affectedRows', () => {
  it('counts the rows a better-sqlite3 write changed, zero when it matched none', async () => {
    const { db, pub } = await dbWithUser();
    await pub('p1', null);
    await pub('p2', null);
    expect(affectedRows(await db.update(publications).set({ name: 'n' }).where(eq(publications.userId, 'u1')))).toBe(2);
    expect(affectedRows(await db.delete(publications).where(eq(publications.id, 'none')))).toBe(0);
    expect(
      affectedRows(
        await db
          .insert(publications)
          .values({ id: 'p1', userId: 'u1', name: 'x', workflowData: {} as never, createdAt: new Date(0), updatedAt: new Date(0) })
          .onConflictDoNothing(),
      ),
    ).toBe(0);
  });

  it("reads a Postgres result's rowCount", () => {
    expect(affectedRows({ rowCount: 3 })).toBe(3);
    expect(affectedRows({ rowCount: null })).toBe(0);
  });
});
