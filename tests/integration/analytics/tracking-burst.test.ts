// @postgres
// Clicks are written behind their redirects, in batches (src/server/tracking/recorder.ts). A burst right
// after a send followed by the clean stop (what main.ts's SIGTERM handler runs: stopServing) loses no
// click and counts none twice, whether the events were mostly written during the burst (small batches,
// the held events capped so requests wait for room) or all still held when the stop came.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { serve } from '@hono/node-server';
import { sendLinks, sendRecipients, trackingEvents } from '../../../db/schema';
import { clickToken } from '../../../src/server/tracking/tokens';
import { createTrackingRecorder, type RecorderOptions } from '../../../src/server/tracking/recorder';
import { stopServing } from '../../../src/server/shutdown';
import { analyticsSetup, sendIssue } from './support';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const READERS = 50;
const CLICKS = 10_000;

function get(agent: http.Agent, url: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'user-agent': BROWSER_UA } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      })
      .on('error', reject);
  });
}

async function burstThenStop(o: RecorderOptions) {
  const s = await analyticsSetup({ subscribers: READERS });
  const send = await sendIssue(s);
  s.h.deps.tracking = createTrackingRecorder(s.h.deps, o);
  const links = await s.h.db.select().from(sendLinks).where(eq(sendLinks.sendId, send.id));
  const recipients = await s.h.db.select({ id: sendRecipients.id }).from(sendRecipients).where(eq(sendRecipients.sendId, send.id));
  const pairs = recipients.flatMap((r) => links.map((l) => ({ recipientId: r.id, position: l.position })));
  expect(pairs.length).toBeGreaterThan(100);
  // Every (reader, link) clicked the same number of times, CLICKS in all (the rest spread over the first pairs).
  const clicks = Array.from({ length: CLICKS }, (_, i) => pairs[i % pairs.length]!);
  const expected = new Map<string, number>();
  for (const c of clicks) expected.set(`${c.recipientId}.${c.position}`, (expected.get(`${c.recipientId}.${c.position}`) ?? 0) + 1);

  const server = serve({ fetch: s.h.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < clicks.length) {
        const c = clicks[next++]!;
        statuses.push(await get(agent, `${base}/t/c/${clickToken(s.h.env.APP_SECRET, { sendId: send.id, ...c })}`));
      }
    }),
  );
  const heldAtStop = s.h.deps.tracking.held();
  await stopServing(server, s.h.deps.tracking, 1_000);
  agent.destroy();
  expect(statuses.filter((st) => st === 302)).toHaveLength(CLICKS);
  expect(s.h.deps.tracking.held()).toBe(0);

  const rows = await s.h.db.select().from(trackingEvents).where(eq(trackingEvents.sendId, send.id));
  const got = new Map<string, number>();
  for (const r of rows) got.set(`${r.recipientId}.${r.linkPosition}`, (got.get(`${r.recipientId}.${r.linkPosition}`) ?? 0) + 1);
  expect(rows).toHaveLength(CLICKS);
  expect(rows.every((r) => r.kind === 'click' && !r.machine)).toBe(true);
  expect(got).toEqual(expected);
  return { heldAtStop };
}

describe('a burst of clicks, then a clean stop', () => {
  it('written in small batches during the burst, at most 300 held (requests wait for room): none lost, none twice', async () => {
    await burstThenStop({ flushMs: 1, batch: 100, maxHeld: 300 });
  }, 180_000);

  it('all 10,000 still held when the stop comes: the stop writes every one, once', async () => {
    const { heldAtStop } = await burstThenStop({ flushMs: 3_600_000, batch: 20_000, maxHeld: 20_000 });
    expect(heldAtStop).toBe(CLICKS);
  }, 180_000);
});
