// The transaction gate on a real SQLite file: async transactions from many simulated requests share the
// process's one connection, and nothing outside a transaction ever runs inside it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { closeDb, openDb } from '../../src/server/db';
import * as schema from '../../db/schema';
import { GateMisuseError, GateTimeoutError, STATEMENT_CACHE_SIZE, gatedDb, inTx, tx, type GatedDb } from '../../src/server/data-gate';
import { users } from '../../db/schema';

const counters = sqliteTable('gate_counters', { id: text('id').primaryKey(), n: integer('n').notNull() });
const notes = sqliteTable('gate_notes', { id: text('id').primaryKey(), by: text('by').notNull() });

/** drizzle's own handle on the connection, past the gate: what the gate is built over. */
const rawDrizzle = (client: Database.Database) => drizzle(client, { schema });
type Raw = ReturnType<typeof rawDrizzle>;

const opened: Array<{ raw: Raw; dir: string }> = [];

function open(opts: { waitMs?: number } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tx-gate-'));
  const file = path.join(dir, 'app.db');
  // A migrated file, reopened on a connection of the test's own (its gate takes the test's waitMs).
  // SQLite closes at once; the promise only matters for a Postgres pool.
  void closeDb(openDb(file));
  const raw = rawDrizzle(new Database(file));
  raw.$client.exec(`CREATE TABLE gate_counters (id TEXT PRIMARY KEY, n INTEGER NOT NULL);
    CREATE TABLE gate_notes (id TEXT PRIMARY KEY, by TEXT NOT NULL);
    INSERT INTO gate_counters VALUES ('c', 0);`);
  opened.push({ raw, dir });
  return { raw, db: gatedDb(raw, opts) };
}

afterEach(() => {
  for (const { raw, dir } of opened.splice(0)) {
    raw.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A pause that lets every other task of the process run (the await point of a real request). */
const yieldTurn = (i: number) => new Promise((r) => (i % 3 === 0 ? setImmediate(r) : setTimeout(r, i % 4)));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Whether a promise settles within a few turns of the event loop. */
async function settlesSoon(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 2));
  return done;
}

const countOf = async (db: GatedDb) => (await db.select().from(counters).where(eq(counters.id, 'c')))[0]!.n;

/** 50 requests each reading the counter, pausing, then writing it back one higher. */
async function fiftyIncrements(increment: (i: number, body: (h: GatedDb) => Promise<void>) => Promise<void>) {
  await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      increment(i, async (h) => {
        const [row] = await h.select().from(counters).where(eq(counters.id, 'c'));
        await yieldTurn(i);
        await h
          .update(counters)
          .set({ n: row!.n + 1 })
          .where(eq(counters.id, 'c'));
      }),
    ),
  );
}

describe('transaction gate', () => {
  it('better-sqlite3 refuses an async transaction callback (why the gate exists)', () => {
    const { raw } = open();
    expect(() => raw.transaction(async () => {})).toThrow(/promise/i);
  });

  it('50 interleaved read-modify-write transactions lose no update', async () => {
    const { db, raw } = open();
    await fiftyIncrements((_, body) => tx(db, body));
    expect(await countOf(db)).toBe(50);
    expect(raw.$client.inTransaction).toBe(false);
  });

  it('the same workload without the gate loses updates (the counter test can fail)', async () => {
    const { db } = open();
    // The same read, pause, write — on the shared handle with no transaction to hold the others off.
    await fiftyIncrements((_, body) => body(db));
    expect(await countOf(db)).toBeLessThan(50);
  });

  it('a failing transaction rolls back only its own writes; a concurrent one commits', async () => {
    const { db } = open();
    const failing = tx(db, async (t) => {
      await t.insert(notes).values({ id: 'a', by: 'failing' });
      await yieldTurn(1);
      await t.update(counters).set({ n: 7 }).where(eq(counters.id, 'c'));
      throw new Error('refused');
    });
    const succeeding = tx(db, async (t) => {
      await t.insert(notes).values({ id: 'b', by: 'succeeding' });
      await yieldTurn(2);
    });
    await expect(failing).rejects.toThrow('refused');
    await succeeding;
    expect(await db.select().from(notes)).toEqual([{ id: 'b', by: 'succeeding' }]);
    expect(await countOf(db)).toBe(0);
  });

  it('a read issued while a transaction is open waits and sees the committed result, never an uncommitted one', async () => {
    const { db } = open();
    const hold = deferred();
    const written = deferred();
    const open1 = tx(db, async (t) => {
      await t.update(counters).set({ n: 41 }).where(eq(counters.id, 'c'));
      written.resolve();
      await hold.promise;
      await t.update(counters).set({ n: 42 }).where(eq(counters.id, 'c'));
    });
    await written.promise;
    const read = countOf(db);
    expect(await settlesSoon(read)).toBe(false);
    hold.resolve();
    await open1;
    expect(await read).toBe(42);
  });

  it('a read queued behind a transaction that rolls back sees the value from before it', async () => {
    const { db } = open();
    const hold = deferred();
    const written = deferred();
    const failing = tx(db, async (t) => {
      await t.update(counters).set({ n: 99 }).where(eq(counters.id, 'c'));
      written.resolve();
      await hold.promise;
      throw new Error('changed my mind');
    });
    await written.promise;
    const read = countOf(db);
    hold.resolve();
    await expect(failing).rejects.toThrow('changed my mind');
    expect(await read).toBe(0);
  });

  it('prepared statements, raw SQL, counts and relational queries wait for an open transaction too', async () => {
    const { db } = open();
    const byId = db
      .select()
      .from(counters)
      .where(eq(counters.id, sql.placeholder('id')))
      .prepare();
    const bump = db
      .update(counters)
      .set({ n: sql`${counters.n} + 1` })
      .where(eq(counters.id, sql.placeholder('id')))
      .prepare();
    const hold = deferred();
    const written = deferred();
    const open1 = tx(db, async (t) => {
      await t.update(counters).set({ n: 10 }).where(eq(counters.id, 'c'));
      await t.insert(notes).values({ id: 'uncommitted', by: 'tx' });
      written.resolve();
      await hold.promise;
      await t.update(counters).set({ n: 20 }).where(eq(counters.id, 'c'));
    });
    await written.promise;
    const waiting = {
      preparedRead: Promise.resolve(byId.get({ id: 'c' })),
      preparedWrite: Promise.resolve(bump.run({ id: 'c' })),
      rawSql: Promise.resolve(db.all<{ n: number }>(sql`select n from gate_counters where id = 'c'`)),
      count: Promise.resolve(db.$count(notes)),
      relational: Promise.resolve(db.query.users.findFirst({ where: eq(users.id, 'nobody') })),
    };
    for (const p of Object.values(waiting)) expect(await settlesSoon(p)).toBe(false);
    hold.resolve();
    await open1;
    expect(await waiting.preparedRead).toEqual({ id: 'c', n: 20 });
    expect((await waiting.preparedWrite).changes).toBe(1);
    expect(await waiting.rawSql).toEqual([{ n: 21 }]);
    expect(await waiting.count).toBe(1);
    expect(await waiting.relational).toBeUndefined();
    expect(await countOf(db)).toBe(21);
  });

  it('inTx runs a shared prepared statement inside the transaction, rolled back with it', async () => {
    const { db } = open({ waitMs: 150 });
    const add = db
      .insert(notes)
      .values({ id: sql.placeholder('id'), by: 'prepared' })
      .prepare();
    let bound: typeof add | undefined;
    await expect(
      tx(db, async (t) => {
        bound = inTx(t, add);
        await bound.run({ id: 'in-tx' });
        expect(await t.select().from(notes)).toEqual([{ id: 'in-tx', by: 'prepared' }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db.select().from(notes)).toEqual([]);
    await expect(bound!.run({ id: 'late' })).rejects.toThrow(GateMisuseError);
    await add.run({ id: 'shared' });
    expect(await db.select().from(notes)).toEqual([{ id: 'shared', by: 'prepared' }]);
  });

  it('a shared prepared statement awaited inside a transaction (not through inTx) fails after the wait limit', async () => {
    const { db } = open({ waitMs: 150 });
    const add = db
      .insert(notes)
      .values({ id: sql.placeholder('id'), by: 'prepared' })
      .prepare();
    await expect(tx(db, async () => add.run({ id: 'waits-for-itself' }))).rejects.toThrow(GateTimeoutError);
    expect(await db.select().from(notes)).toEqual([]);
  });

  it('an exception inside a transaction rolls it back and frees the gate for the next one', async () => {
    const { db, raw } = open();
    await expect(
      tx(db, async (t) => {
        await t.insert(notes).values({ id: 'gone', by: 'thrower' });
        await t.insert(notes).values({ id: 'gone', by: 'duplicate key' });
      }),
    ).rejects.toThrow();
    expect(raw.$client.inTransaction).toBe(false);
    expect(await settlesSoon(db.select().from(notes))).toBe(true);
    await tx(db, async (t) => {
      await t.insert(notes).values({ id: 'next', by: 'next' });
    });
    expect(await db.select().from(notes)).toEqual([{ id: 'next', by: 'next' }]);
  });

  it('a transaction that never awaits commits and frees the gate', async () => {
    const { db } = open();
    const result = await tx(db, (t) => {
      void t.insert(notes).values({ id: 'sync', by: 'no await' }).run();
      return 'done';
    });
    expect(result).toBe('done');
    expect(await tx(db, async () => 'nothing to do')).toBe('nothing to do');
    expect(await db.select().from(notes)).toEqual([{ id: 'sync', by: 'no await' }]);
  });

  it('queued work runs in arrival order: reads queued before a waiting transaction run before it', async () => {
    const { db } = open();
    const hold = deferred();
    const first = tx(db, async (t) => {
      await t.update(counters).set({ n: 1 }).where(eq(counters.id, 'c'));
      await hold.promise;
    });
    await new Promise((r) => setImmediate(r));
    const before = countOf(db);
    // An awaited builder reaches the gate a microtask after the call; let it get there first.
    await new Promise((r) => setImmediate(r));
    const second = tx(db, async (t) => {
      await t.update(counters).set({ n: 2 }).where(eq(counters.id, 'c'));
    });
    const after = countOf(db);
    hold.resolve();
    await Promise.all([first, second]);
    expect([await before, await after]).toEqual([1, 2]);
  });

  it('a nested tx is a savepoint: its failure undoes only its own writes', async () => {
    const { db } = open();
    await tx(db, async (t) => {
      await t.insert(notes).values({ id: 'outer', by: 'outer' });
      await expect(
        tx(t, async (inner) => {
          await inner.insert(notes).values({ id: 'inner', by: 'inner' });
          await yieldTurn(1);
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
      await tx(t, async (inner) => {
        await inner.update(counters).set({ n: 5 }).where(eq(counters.id, 'c'));
      });
    });
    expect(await db.select().from(notes)).toEqual([{ id: 'outer', by: 'outer' }]);
    expect(await countOf(db)).toBe(5);
  });

  it('two savepoints of one transaction at once are refused', async () => {
    const { db } = open();
    await tx(db, async (t) => {
      const a = tx(t, () => yieldTurn(1));
      await expect(tx(t, async () => {})).rejects.toThrow(GateMisuseError);
      await a;
    });
  });

  it('a transaction handle used after its transaction ended is refused', async () => {
    const { db } = open();
    let leaked: GatedDb | undefined;
    await tx(db, async (t) => {
      leaked = t;
    });
    const other = deferred();
    const running = tx(db, () => other.promise);
    await expect(leaked!.select().from(notes)).rejects.toThrow(GateMisuseError);
    await expect(tx(leaked!, async () => {})).rejects.toThrow(GateMisuseError);
    other.resolve();
    await running;
  });

  it('the shared handle awaited inside its own transaction fails after the wait limit and rolls back', async () => {
    const { db } = open({ waitMs: 150 });
    await expect(
      tx(db, async (t) => {
        await t.insert(notes).values({ id: 'x', by: 'x' });
        await db.select().from(notes);
      }),
    ).rejects.toThrow(GateTimeoutError);
    expect(await db.select().from(notes)).toEqual([]);
  });

  it("drizzle's synchronous transaction is refused on the gated handle", () => {
    const { db } = open();
    expect(() => db.transaction(async () => {})).toThrow(GateMisuseError);
  });

  it('every gated handle of one connection waits at the same gate', async () => {
    const { raw, db } = open();
    const second = gatedDb(raw);
    const hold = deferred();
    const running = tx(db, async (t) => {
      await t.update(counters).set({ n: 3 }).where(eq(counters.id, 'c'));
      await hold.promise;
    });
    await new Promise((r) => setImmediate(r));
    const read = countOf(second);
    expect(await settlesSoon(read)).toBe(false);
    hold.resolve();
    await running;
    expect(await read).toBe(3);
  });
});

describe('statement cache', () => {
  it('a query run again with other values is compiled once, inside a transaction too', async () => {
    const { raw, db } = open();
    const prepare = vi.spyOn(raw.$client, 'prepare');
    const read = (h: GatedDb, id: string) => h.select().from(counters).where(eq(counters.id, id));
    expect(await read(db, 'c')).toEqual([{ id: 'c', n: 0 }]);
    expect(await read(db, 'nothing')).toEqual([]);
    await tx(db, async (t) => {
      await t.update(counters).set({ n: 4 }).where(eq(counters.id, 'c'));
      expect(await read(t, 'c')).toEqual([{ id: 'c', n: 4 }]);
    });
    const compiled = prepare.mock.calls.map(([text]) => text);
    expect(compiled.filter((text) => text.startsWith('select'))).toHaveLength(1);
  });

  it('a statement left returning arrays by one query still gives objects to the next of the same SQL', async () => {
    const { db } = open();
    await db.insert(notes).values({ id: 'n1', by: 'ann' });
    const text = sql`select id, by from gate_notes`;
    expect(await db.values(text)).toEqual([['n1', 'ann']]);
    expect(await db.all(text)).toEqual([{ id: 'n1', by: 'ann' }]);
    expect(await db.get(text)).toEqual({ id: 'n1', by: 'ann' });
    expect(await db.values(text)).toEqual([['n1', 'ann']]);
    // drizzle's own mapping (rows as arrays) of the same text.
    expect(await db.select({ id: sql<string>`id`, by: sql<string>`by` }).from(sql`gate_notes`)).toEqual([{ id: 'n1', by: 'ann' }]);
  });

  it('keeps the most recently used texts and compiles a dropped one again', async () => {
    const { raw, db } = open();
    const prepare = vi.spyOn(raw.$client, 'prepare');
    const nth = (i: number) => db.all(sql.raw(`select ${i} as n`));
    expect(await nth(0)).toEqual([{ n: 0 }]);
    for (let i = 1; i <= STATEMENT_CACHE_SIZE; i++) {
      await nth(i);
      if (i % 100 === 0) await nth(1); // used again: stays
    }
    prepare.mockClear();
    await nth(1);
    expect(prepare).not.toHaveBeenCalled();
    await nth(0);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('a cached statement sees a column added after it was compiled', async () => {
    const { raw, db } = open();
    const text = sql`select * from gate_notes`;
    await db.insert(notes).values({ id: 'n1', by: 'ann' });
    expect(await db.all(text)).toEqual([{ id: 'n1', by: 'ann' }]);
    raw.$client.exec("ALTER TABLE gate_notes ADD COLUMN tag TEXT NOT NULL DEFAULT 'x'");
    expect(await db.all(text)).toEqual([{ id: 'n1', by: 'ann', tag: 'x' }]);
  });
});
