// The data layer on Postgres: migrations under the advisory lock, the derived tables' values, domain
// code's own queries, transactions that roll back (savepoints too) and prepared statements inside them.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DIALECT } from '../../db/dialect';
import { publications, users } from '../../db/schema';
import { closeDb, inTx, openDb, openPostgres, PG_MIGRATIONS_FOLDER, queryRows, tx, type Db } from '../../src/server/db';
import { createAccount } from '../../src/server/auth/accounts';
import { freshDatabase, SERVER_URL } from './support';

const cleanup: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function database(): Promise<{ db: Db; url: string }> {
  const fresh = await freshDatabase();
  cleanup.push(fresh.drop);
  const db = await openPostgres(fresh.url);
  cleanup.push(() => closeDb(db));
  return { db, url: fresh.url };
}

const account = (email: string) => ({ email, name: email.split('@')[0]!, passwordHash: null });

describe.skipIf(!SERVER_URL)('the data layer on Postgres', () => {
  it('runs in Postgres mode, and the SQLite opener refuses rather than mixing dialects', () => {
    expect(DIALECT).toBe('postgresql');
    expect(() => openDb(':memory:')).toThrow(/Postgres/);
  });

  it('migrates an empty database, and two processes migrating at once both succeed', async () => {
    const fresh = await freshDatabase();
    cleanup.push(fresh.drop);
    const [a, b] = await Promise.all([openPostgres(fresh.url), openPostgres(fresh.url)]);
    cleanup.push(
      () => closeDb(a),
      () => closeDb(b),
    );
    const [tables] = await queryRows<{ n: number }>(a, sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`);
    expect(tables!.n).toBeGreaterThanOrEqual(40);
    const [applied] = await queryRows<{ n: number }>(b, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    // Each committed migration once, though two processes applied them together.
    const journal = JSON.parse(fs.readFileSync(path.join(PG_MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(applied!.n).toBe(journal.entries.length);
  });

  it("domain code's queries run unchanged: the first account is the admin; dates, booleans and JSON come back as they went in", async () => {
    const { db } = await database();
    const at = new Date('2026-11-24T10:00:00.123Z');
    const first = await createAccount(db, account('first@example.com'), at);
    const second = await createAccount(db, account('second@example.com'), at);
    expect([first.role, second.role]).toEqual(['admin', 'user']);
    const [row] = await db.select().from(users).where(eq(users.id, first.id));
    expect(row!.createdAt).toEqual(at);
    expect(row!.productNewsOptIn).toBe(first.productNewsOptIn);
    await db
      .insert(publications)
      .values({ id: 'p1', userId: first.id, name: 'Weekly', workflowData: { currentStep: 2 } as never, createdAt: at, updatedAt: at });
    const [pub] = await db.select().from(publications).where(eq(publications.id, 'p1'));
    expect(pub!.workflowData).toEqual({ currentStep: 2 });
    expect(pub!.trackOpens).toBe(true);
    await expect(createAccount(db, account('first@example.com'), at)).rejects.toThrow(/already exists/);
  });

  it('a failing transaction leaves nothing; a failing savepoint undoes only its own writes', async () => {
    const { db } = await database();
    const at = new Date();
    await expect(
      tx(db, async (t) => {
        await createAccount(t, account('gone@example.com'), at);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await db.select().from(users)).toEqual([]);
    await tx(db, async (t) => {
      await createAccount(t, account('kept@example.com'), at);
      await expect(
        tx(t, async (s) => {
          await createAccount(s, account('undone@example.com'), at);
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    expect((await db.select({ email: users.email }).from(users)).map((u) => u.email)).toEqual(['kept@example.com']);
  });

  it('a statement prepared on the shared handle runs inside a transaction with inTx, and sees its writes', async () => {
    const { db } = await database();
    const byEmail = db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, sql.placeholder('email')))
      .prepare();
    await tx(db, async (t) => {
      await createAccount(t, account('inside@example.com'), new Date());
      expect(await inTx(t, byEmail).execute({ email: 'inside@example.com' })).toHaveLength(1);
      // The shared handle's connection does not see the uncommitted row.
      expect(await byEmail.execute({ email: 'inside@example.com' })).toHaveLength(0);
    });
    expect(await byEmail.execute({ email: 'inside@example.com' })).toHaveLength(1);
  });
});
