// The tracking recorder's batch steps on their own: the batch's recipients (with their send's owner),
// the event rows told machine or reader, the link.clicked webhooks of readers' clicks, and one batch.
// @postgres
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sendRecipients, trackingEvents, webhookDeliveries, webhookEndpoints } from '../../../db/schema';
import { tx, type Db } from '../../../src/server/db';
import { signalsOf } from '../../../src/server/tracking/record';
import { batchRecipients, emitClicks, eventRows, writeBatch, type Held } from '../../../src/server/tracking/recorder';
import { analyticsSetup, sendIssue } from './support';

const BROWSER = signalsOf({ ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0', method: 'GET' });
const SCANNER = signalsOf({ ip: '203.0.113.9', userAgent: 'Mozilla/5.0', method: 'HEAD' });
const HOUR = 3_600_000;

async function sent() {
  const s = await analyticsSetup();
  const send = await sendIssue(s);
  const recipients = await s.h.db.select().from(sendRecipients).where(eq(sendRecipients.sendId, send.id)).orderBy(sendRecipients.id);
  const later = new Date(recipients[0]!.sentAt!.getTime() + HOUR);
  const event = (o: Partial<Omit<Held, 'tries'>> = {}): Omit<Held, 'tries'> => ({
    sendId: send.id,
    recipientId: recipients[0]!.id,
    position: null,
    url: null,
    signals: BROWSER,
    at: later,
    ...o,
  });
  return { ...s, send, recipients, event };
}

async function addEndpoint(db: Db, userId: string) {
  const now = new Date();
  await db
    .insert(webhookEndpoints)
    .values({ id: `we-${userId}`, userId, url: 'https://hooks.example/in', events: ['link.clicked'], secret: 'x', createdAt: now, updatedAt: now });
}

describe('batchRecipients', () => {
  it("reads the named recipients with their send's owner and publication", async () => {
    const s = await sent();
    const rows = await batchRecipients(s.h.db, [s.recipients[0]!.id, 999_999]);
    expect(rows).toEqual([
      {
        id: s.recipients[0]!.id,
        sendId: s.send.id,
        sentAt: s.recipients[0]!.sentAt,
        email: s.recipients[0]!.email,
        userId: s.user.id,
        publicationId: s.pub.id,
      },
    ]);
  });
});

describe('eventRows', () => {
  it("tells machine from reader, drops a recipient of another send, and lists the readers' clicks", async () => {
    const s = await sent();
    const recipients = await batchRecipients(s.h.db, [s.recipients[0]!.id]);
    const click = s.event({ position: 2, url: 'https://example.com/a' });
    const { values, human } = eventRows(
      [s.event(), click, s.event({ position: 3, signals: SCANNER }), s.event({ sendId: 'another-send' }), s.event({ recipientId: 999_999 })],
      recipients,
    );
    expect(values.map((v) => [v.kind, v.linkPosition, v.machine])).toEqual([
      ['open', null, false],
      ['click', 2, false],
      ['click', 3, true],
    ]);
    expect(human).toEqual([{ e: click, r: recipients[0] }]);
  });
});

describe('emitClicks', () => {
  it('queues link.clicked only for accounts with an enabled endpoint', async () => {
    const s = await sent();
    const [r] = await batchRecipients(s.h.db, [s.recipients[0]!.id]);
    const human = [{ e: s.event({ position: 1, url: 'https://example.com/a' }), r: r! }];
    await tx(s.h.db, (t) => emitClicks(s.h.deps, t, human));
    expect(await s.h.db.select().from(webhookDeliveries)).toHaveLength(0);
    await addEndpoint(s.h.db, s.user.id);
    await tx(s.h.db, (t) => emitClicks(s.h.deps, t, human));
    const [delivery] = await s.h.db.select().from(webhookDeliveries);
    expect(delivery).toMatchObject({ endpointId: `we-${s.user.id}`, event: 'link.clicked', status: 'pending' });
    expect(JSON.parse(delivery!.body).data).toEqual({ sendId: s.send.id, publicationId: s.pub.id, email: r!.email, url: 'https://example.com/a', position: 1 });
  });
});

describe('writeBatch', () => {
  it('writes the events and their webhooks together, or nothing when the batch fails', async () => {
    const s = await sent();
    await addEndpoint(s.h.db, s.user.id);
    await writeBatch(s.h.deps, [s.event(), s.event({ position: 1, url: 'https://example.com/a' })]);
    expect(await s.h.db.select().from(trackingEvents).where(eq(trackingEvents.sendId, s.send.id))).toHaveLength(2);
    expect(await s.h.db.select().from(webhookDeliveries)).toHaveLength(1);
    // A webhook that cannot be queued (the job queue refusing) fails the batch: its events are not written either.
    const broken = { ...s.h.deps, queue: { ...s.h.deps.queue, enqueue: () => Promise.reject(new Error('queue down')) } };
    await expect(writeBatch(broken, [s.event({ position: 2, url: 'https://example.com/b' })])).rejects.toThrow('queue down');
    expect(await s.h.db.select().from(trackingEvents).where(eq(trackingEvents.sendId, s.send.id))).toHaveLength(2);
  });
});
