// 100,000-row CSV imports against a live event loop: the import writes in slices and yields, so timers
// keep turning and a request over a real socket is answered while the rows are being written.
import { describe, it, expect } from 'vitest';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { harnessWithAdmin } from '../helpers/app';
import { importSubscribersCsv } from '../../src/server/readers/subscription/csv-import';

describe('importing 100,000 rows', () => {
  it('keeps the event loop turning while it imports 100,000 rows', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ email: 'big@example.com', planType: 'enterprise' });
    const pub = await h.caller(user).publications.create({ name: 'Big List' });
    const csv = 'email,name\n' + Array.from({ length: 100_000 }, (_, i) => `reader${i}@example.com,Reader ${i}`).join('\n');
    let ticks = 0;
    let running = true;
    const tick = () => {
      ticks++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const report = await importSubscribersCsv({ db: h.db, user, now: () => new Date() }, pub.id, csv, { mode: 'import' });
    running = false;
    expect(report.imported).toBe(100_000);
    // Written in slices with a turn of the loop between them: other requests are served meanwhile.
    expect(ticks).toBeGreaterThan(50);
  });

  it('answers a request over a real socket while 100,000 rows are being written', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ email: 'socket@example.com', planType: 'enterprise' });
    const pub = await h.caller(user).publications.create({ name: 'Big List' });
    const server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise((r) => server.once('listening', r));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/check`;
      const csv = 'email\n' + Array.from({ length: 100_000 }, (_, i) => `r${i}@example.com`).join('\n');
      const order: string[] = [];
      let check: Promise<number> | undefined;
      // The import reads the clock once, just before it starts writing: the request goes out then.
      const now = () => {
        check ??= fetch(url).then((res) => (order.push('check'), res.status));
        return new Date();
      };
      const report = await importSubscribersCsv({ db: h.db, user, now }, pub.id, csv, { mode: 'import' });
      order.push('import');
      expect(await check).toBe(200);
      expect(report.imported).toBe(100_000);
      // A socket needs turns of the event loop: answered first only if the writing yields between slices.
      expect(order).toEqual(['check', 'import']);
    } finally {
      server.close();
    }
  });
});
