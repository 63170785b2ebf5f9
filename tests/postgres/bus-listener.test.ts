// The bus's listening connection on a throw-away database: made with every channel LISTENed to, lost
// when its session ends (LOST at once, a new connection after the wait, RESET once it is back), and
// not made again once the bus is closed.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, openPostgres, postgresPool } from '../../src/server/db';
import { BUS_APPLICATION_NAME, connectListener, LOST, loseListener, newListener, RESET } from '../../src/server/bus';
import { freshDatabase, SERVER_URL } from './support';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const quiet = { warn() {}, error() {} };

async function setUp() {
  const fresh = await freshDatabase();
  cleanups.push(fresh.drop);
  const db = await openPostgres(fresh.url);
  cleanups.push(() => closeDb(db));
  const pool = postgresPool(db);
  const emitter = new EventEmitter();
  const l = newListener(pool, quiet, emitter);
  cleanups.push(async () => {
    l.closed = true;
    if (l.retry) clearTimeout(l.retry);
    await l.current?.end().catch(() => {});
  });
  const notify = (channel: string, payload: object) => pool.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(payload)]);
  const next = (event: string | symbol) => new Promise<unknown>((resolve) => emitter.once(event, resolve));
  return { pool, emitter, l, notify, next };
}

describe.skipIf(!SERVER_URL)('the bus listener', () => {
  it('connectListener: listens to every channel on its own named connection', async () => {
    const { pool, l, notify, next } = await setUp();
    l.channels.add('curated_jobs');
    await connectListener(l);
    await l.firstConnection;
    expect(l.listening).toBe(true);
    expect(l.attempt).toBe(0);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [
      BUS_APPLICATION_NAME,
    ]);
    expect(rows[0].n).toBe(1);
    const got = next('curated_jobs');
    await notify('curated_jobs', { from: 'p2' });
    expect(await got).toEqual({ from: 'p2' });
  });

  it('loseListener: a lost connection says LOST, is made again after the wait, and then says RESET', async () => {
    const { pool, l, next } = await setUp();
    l.channels.add('curated_jobs');
    await connectListener(l);
    const lost = next(LOST);
    const reset = next(RESET);
    await pool.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [
      BUS_APPLICATION_NAME,
    ]);
    await lost;
    expect(l.listening).toBe(false);
    await reset;
    expect(l.listening).toBe(true);
    expect(l.attempt).toBe(0);
  });

  it('an older connection lost is ignored; a closed listener is not made again', async () => {
    const { l } = await setUp();
    await connectListener(l);
    const first = l.current!;
    loseListener(l, new pg.Client());
    expect(l.current).toBe(first);
    l.closed = true;
    loseListener(l, first);
    expect(l.current).toBeNull();
    expect(l.retry).toBeNull();
  });
});
