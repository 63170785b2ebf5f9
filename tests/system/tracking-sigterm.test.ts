// The server as a process (src/server/index.ts): clicks are written in batches behind their redirects, and
// SIGTERM in the middle of a burst of 10,000 loses none that was answered and counts none twice (each of
// the 10,000 (reader, link) pairs is clicked once: every answered pair has exactly one event, and no pair
// has two). The integration suite covers the same on Postgres through stopServing.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness } from '../helpers/app';
import { childEnv, spawnServer } from '../helpers/processes';
import { addSubscribers, newId, readyPublication } from '../integration/delivery/send-support';
import { startJobWorker } from '../../src/server/jobs/worker';
import { jobHandlers } from '../../src/server/job-handlers';
import { clickToken } from '../../src/server/tracking/tokens';
import { sendLinks, sendRecipients, trackingEvents } from '../../db/schema';

const SECRET = 'tracking-sigterm-secret-0123456789abcdef';
const CLICKS = 10_000;
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracking-sigterm-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function get(agent: http.Agent, url: string) {
  return new Promise<number>((resolve) => {
    http
      .get(url, { agent, headers: { 'user-agent': BROWSER_UA } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
        res.on('error', () => resolve(0));
      })
      .on('error', () => resolve(0));
  });
}

describe('SIGTERM during a burst of clicks', () => {
  it('every answered click is stored once, none twice', async () => {
    const dbPath = path.join(dir, 'app.db');
    const h = await createHarness({ env: { DATABASE_PATH: dbPath, APP_SECRET: SECRET } });
    await h.insertUser({ email: 'admin@example.com' });
    const user = await h.insertUser({ email: 'writer@example.com', verified: true, planType: 'professional' });
    const pub = await readyPublication(h, user);
    const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 10, leaseMs: 30_000 });
    h.deps.delivery.kick = worker.kick;
    // Enough readers that readers x links reach 10,000 distinct pairs.
    await addSubscribers(h, pub.id, 2_500);
    const send = await h.caller(user).sends.create({ id: newId(), publicationId: pub.id });
    await worker.idle();
    await worker.stop();
    const recipients = await h.db.select({ id: sendRecipients.id }).from(sendRecipients).where(eq(sendRecipients.sendId, send.id));
    const links = await h.db.select().from(sendLinks).where(eq(sendLinks.sendId, send.id));
    const all = recipients.flatMap((r) => links.map((l) => ({ recipientId: r.id, position: l.position }))).slice(0, CLICKS);
    expect(all).toHaveLength(CLICKS);

    const server = spawnServer(childEnv({ DATABASE_PATH: dbPath, APP_SECRET: SECRET, PORT: '0', HOST: '127.0.0.1', DELIVERY_WORKER: 'off' }));
    const port = /port (\d+)/.exec(await server.ready)![1];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const answered: string[] = [];
    let next = 0;
    let stopped = false;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < all.length) {
          const c = all[next++]!;
          const status = await get(agent, `http://127.0.0.1:${port}/t/c/${clickToken(SECRET, { sendId: send.id, ...c })}`);
          if (status === 302) answered.push(`${c.recipientId}.${c.position}`);
          // SIGTERM with most of the burst answered and the rest on its way.
          if (!stopped && answered.length >= CLICKS * 0.8) {
            stopped = true;
            server.child.kill('SIGTERM');
          }
        }
      }),
    );
    agent.destroy();
    expect(await server.exited).toBe(0);
    expect(answered.length).toBeGreaterThanOrEqual(CLICKS * 0.8);

    const rows = await h.db.select().from(trackingEvents).where(eq(trackingEvents.sendId, send.id));
    const seen = new Map<string, number>();
    for (const r of rows) seen.set(`${r.recipientId}.${r.linkPosition}`, (seen.get(`${r.recipientId}.${r.linkPosition}`) ?? 0) + 1);
    expect([...seen.values()].filter((n) => n > 1)).toEqual([]);
    expect(answered.filter((k) => seen.get(k) !== 1)).toEqual([]);
    // A request the server answered as the connection closed may be stored without the client seeing it.
    expect(rows.length).toBeGreaterThanOrEqual(answered.length);
    expect(rows.length).toBeLessThanOrEqual(CLICKS);
  }, 180_000);
});
