// The transaction gate's cost on the hot read path: awaited point reads through the gated handle
// against the same reads through drizzle's own handle, on a SQLite file, no transaction open.
// Rounds alternate so drift on a shared machine hits both sides alike; the median round is reported.
// Run alone: `npm run bench -- data-gate`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { closeDb, openDb } from '../../src/server/db';
import { gatedDb, inTx, tx } from '../../src/server/data-gate';
import * as schema from '../../db/schema';
import { users } from '../../db/schema';

const N = 10_000;
const ROUNDS = 7;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-bench-'));
const file = path.join(dir, 'bench.db');
await closeDb(openDb(file));
// drizzle's own handle on a connection, and the gate over the same connection.
const raw = drizzle(new Database(file), { schema });
const gated = gatedDb(raw);
const now = new Date();
await gated
  .insert(users)
  .values(
    Array.from({ length: 1000 }, (_, i) => ({ id: `u${i}`, email: `u${i}@example.com`, name: `U ${i}`, username: `u${i}`, createdAt: now, updatedAt: now })),
  );
const ids = Array.from({ length: N }, (_, i) => `u${(i * 7919) % 1000}`);

type Side = { name: string; run: () => Promise<void> };

const builderRaw: Side = {
  name: 'builder, drizzle',
  run: async () => {
    for (const id of ids) await raw.select().from(users).where(eq(users.id, id));
  },
};
const builderGated: Side = {
  name: 'builder, gated',
  run: async () => {
    for (const id of ids) await gated.select().from(users).where(eq(users.id, id));
  },
};
const preparedRaw = raw
  .select()
  .from(users)
  .where(eq(users.id, sql.placeholder('id')))
  .prepare();
const preparedGated = gated
  .select()
  .from(users)
  .where(eq(users.id, sql.placeholder('id')))
  .prepare();
const stmtRaw: Side = {
  name: 'prepared, drizzle',
  run: async () => {
    for (const id of ids) await preparedRaw.get({ id });
  },
};
const stmtGated: Side = {
  name: 'prepared, gated',
  run: async () => {
    for (const id of ids) await preparedGated.get({ id });
  },
};

async function time(side: Side): Promise<number> {
  const t0 = process.hrtime.bigint();
  await side.run();
  return Number(process.hrtime.bigint() - t0) / N;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function pair(a: Side, b: Side, label: string) {
  await a.run();
  await b.run();
  const ta: number[] = [];
  const tb: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    ta.push(await time(a));
    tb.push(await time(b));
  }
  const ma = median(ta);
  const mb = median(tb);
  console.log(`${label}: ${a.name} ${ma.toFixed(0)} ns/op, ${b.name} ${mb.toFixed(0)} ns/op, ratio ${(mb / ma).toFixed(3)} (${N} reads × ${ROUNDS} rounds)`);
}

export default async function run() {
  await pair(builderRaw, builderGated, 'before any transaction');
  await pair(stmtRaw, stmtGated, 'before any transaction');
  // A transaction leaves nothing behind that slows later reads.
  await tx(gated, async (t) => {
    await t.select().from(users).where(eq(users.id, 'u1'));
  });
  await pair(builderRaw, builderGated, 'after a transaction');
  await pair(stmtRaw, stmtGated, 'after a transaction');
  // What a transaction itself costs: BEGIN IMMEDIATE, one prepared read, COMMIT.
  const client = raw.$client;
  await pair(
    {
      name: 'BEGIN/COMMIT by hand',
      run: async () => {
        for (const id of ids) {
          client.exec('BEGIN IMMEDIATE');
          await preparedRaw.get({ id });
          client.exec('COMMIT');
        }
      },
    },
    {
      name: 'tx()',
      run: async () => {
        for (const id of ids) await tx(gated, async (t) => inTx(t, preparedGated).get({ id }));
      },
    },
    'transactions',
  );
  raw.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
