// The data layer's driver facts: a unique violation is recognised whichever way the driver's error
// reaches domain code (raw from a query builder, wrapped by drizzle, or Postgres's code), and the rows
// a write changed are counted from either driver's result.
import { describe, it, expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { affectedRows, isUniqueViolation, openDb } from '../../../src/server/db';
import { publications, users } from '../../../db/schema';

function errorOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected the statement to fail');
}

function dbWithUser() {
  const db = openDb(':memory:');
  const at = new Date(0);
  db.insert(users).values({ id: 'u1', email: 'a@example.com', name: 'A', username: 'a', createdAt: at, updatedAt: at }).run();
  const pub = (id: string, slug: string | null) =>
    db
      .insert(publications)
      .values({ id, userId: 'u1', name: id, slug, workflowData: {} as never, createdAt: at, updatedAt: at })
      .run();
  return { db, pub };
}

describe('isUniqueViolation', () => {
  it('recognises a unique index and a primary key refusing a row, raw or wrapped by drizzle', () => {
    const { db, pub } = dbWithUser();
    pub('p1', 'weekly');
    expect(isUniqueViolation(errorOf(() => pub('p2', 'weekly')))).toBe(true);
    expect(isUniqueViolation(errorOf(() => pub('p1', 'other')))).toBe(true);
    expect(
      isUniqueViolation(
        errorOf(() =>
          db.run(sql`INSERT INTO publications (id, user_id, name, slug, workflow_data, created_at, updated_at) VALUES ('p4', 'u1', 'x', 'weekly', '{}', 0, 0)`),
        ),
      ),
    ).toBe(true);
  });

  it('does not take other failures for one', () => {
    const { db, pub } = dbWithUser();
    expect(
      isUniqueViolation(
        errorOf(() =>
          db.run(sql`INSERT INTO publications (id, user_id, name, workflow_data, created_at, updated_at) VALUES ('p0', 'nobody', 'x', '{}', 0, 0)`),
        ),
      ),
    ).toBe(false);
    expect(isUniqueViolation(errorOf(() => db.run(sql`INSERT INTO publications (id) VALUES ('p0')`)))).toBe(false);
    pub('p1', 'weekly');
    expect(isUniqueViolation(errorOf(() => db.run(sql`SELECT * FROM no_such_table`)))).toBe(false);
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
  it('counts the rows a better-sqlite3 write changed, zero when it matched none', () => {
    const { db, pub } = dbWithUser();
    pub('p1', null);
    pub('p2', null);
    expect(affectedRows(db.update(publications).set({ name: 'n' }).where(eq(publications.userId, 'u1')).run())).toBe(2);
    expect(affectedRows(db.delete(publications).where(eq(publications.id, 'none')).run())).toBe(0);
    expect(
      affectedRows(
        db
          .insert(publications)
          .values({ id: 'p1', userId: 'u1', name: 'x', workflowData: {} as never, createdAt: new Date(0), updatedAt: new Date(0) })
          .onConflictDoNothing()
          .run(),
      ),
    ).toBe(0);
  });

  it("reads a Postgres result's rowCount", () => {
    expect(affectedRows({ rowCount: 3 })).toBe(3);
    expect(affectedRows({ rowCount: null })).toBe(0);
  });
});
