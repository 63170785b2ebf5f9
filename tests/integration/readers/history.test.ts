// A reader's page: who they are (tags, preferences) and one timeline, newest first, merging their
// history, the issues sent to them, their opens (human-likely or machine), clicks (with the link) and
// bounces of their address; in pages with a cursor; for the publication's owner only.
// @postgres
import { describe, it, expect } from 'vitest';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { issueSends, mailEvents, sendLinks, sendRecipients, subscriberTags, subscribers, trackingEvents } from '../../../db/schema';
import { recordReaderEvent } from '../../../src/server/readers/events';

const at = (s: string) => new Date(`2026-03-${s}Z`);

async function setup() {
  const clock = { now: at('01T08:00:00') };
  const h = await harnessWithAdmin({ deps: { now: () => clock.now } });
  const user = await h.insertUser({ email: 'owner@example.com', planType: 'professional' });
  const api = h.caller(user);
  const pub = await api.publications.create({ name: 'Field Notes' });
  const reader = await api.subscribers.add({ publicationId: pub.id, email: 'rea@example.com', name: 'Rea' });
  const neighbour = await api.subscribers.add({ publicationId: pub.id, email: 'ned@example.com', name: 'Ned' });
  return { h, user, api, pub, reader, neighbour, clock };
}

async function insertSend(h: Harness, userId: string, publicationId: string, subject: string, startedAt: Date) {
  const id = crypto.randomUUID();
  await h.db.insert(issueSends).values({
    id,
    userId,
    publicationId,
    subject,
    fromName: 'Field Notes',
    replyTo: 'owner@example.com',
    html: '',
    text: '',
    webHtml: '',
    status: 'sent',
    scheduledAt: startedAt,
    startedAt,
    createdAt: startedAt,
  });
  return id;
}

async function insertRecipient(h: Harness, sendId: string, sub: { id: string; email: string }, sentAt: Date | null, status: 'sent' | 'pending' = 'sent') {
  const [row] = await h.db
    .insert(sendRecipients)
    .values({ sendId, subscriberId: sub.id, email: sub.email, status, sentAt })
    .returning({ id: sendRecipients.id });
  return row!.id;
}

/** The history of one reader of the publication, seeded in every source, with another reader's beside it. */
async function seedHistory(s: Awaited<ReturnType<typeof setup>>) {
  const { h, user, pub, reader, neighbour } = s;
  const other = await s.api.publications.create({ name: 'Second Letter' });
  await recordReaderEvent(h.db, {
    publicationId: pub.id,
    subscriberId: reader.id,
    kind: 'tagged',
    source: 'manual',
    detail: { tag: 'rust' },
    at: at('02T09:00:00'),
  });
  const first = await insertSend(h, user.id, pub.id, 'Issue one', at('03T10:00:00'));
  const r1 = await insertRecipient(h, first, reader, at('03T10:00:05'));
  const n1 = await insertRecipient(h, first, neighbour, at('03T10:00:06'));
  await h.db.insert(sendLinks).values([
    { sendId: first, position: 0, url: 'https://example.com/borrow', label: 'Borrow checking' },
    { sendId: first, position: 1, url: 'https://example.com/ssa', label: 'SSA' },
  ]);
  await h.db.insert(trackingEvents).values([
    // A scanner fetches the images the second the mail lands; the reader opens it an hour later.
    { sendId: first, recipientId: r1, kind: 'open', machine: true, at: at('03T10:00:06') },
    { sendId: first, recipientId: r1, kind: 'open', machine: false, at: at('03T11:00:00') },
    { sendId: first, recipientId: r1, kind: 'click', linkPosition: 1, machine: false, at: at('03T11:01:00') },
    { sendId: first, recipientId: n1, kind: 'open', machine: false, at: at('03T11:30:00') },
    { sendId: first, recipientId: n1, kind: 'click', linkPosition: 0, machine: false, at: at('03T11:31:00') },
  ]);
  await recordReaderEvent(h.db, {
    publicationId: pub.id,
    subscriberId: reader.id,
    kind: 'preferences',
    source: 'reader',
    detail: { format: 'text' },
    at: at('04T09:00:00'),
  });
  // A send of the owner's other publication bounces for this address: the owner's suppression list is one.
  const elsewhere = await insertSend(h, user.id, other.id, 'Other letter', at('05T10:00:00'));
  await insertRecipient(h, elsewhere, { id: 'someone-else', email: reader.email }, at('05T10:00:01'));
  await h.db.insert(mailEvents).values([
    { kind: 'bounced', provider: 'brevo', userId: user.id, sendId: elsewhere, email: 'REA@example.com', detail: 'mailbox full', at: at('05T10:05:00') },
    { kind: 'bounced', provider: 'brevo', userId: user.id, sendId: elsewhere, email: neighbour.email, detail: 'no such user', at: at('05T10:06:00') },
  ]);
  // The second issue is still going out: listed at the send's start, at the same millisecond as an
  // event of the reader's (their confirmation of a new tag); the order is fixed by kind.
  const second = await insertSend(h, user.id, pub.id, 'Issue two', at('06T10:00:00'));
  await insertRecipient(h, second, reader, null, 'pending');
  await recordReaderEvent(h.db, {
    publicationId: pub.id,
    subscriberId: reader.id,
    kind: 'untagged',
    source: 'manual',
    detail: { tag: 'rust' },
    at: at('06T10:00:00'),
  });
  await recordReaderEvent(h.db, { publicationId: pub.id, subscriberId: neighbour.id, kind: 'unsubscribed', source: 'reader', at: at('06T12:00:00') });
  // The same address as a reader deleted since: their sends are their own history, not this reader's.
  const earlier = await insertSend(h, user.id, pub.id, 'To an earlier reader', at('01T07:00:00'));
  await insertRecipient(h, earlier, { id: 'deleted-reader', email: reader.email }, at('01T07:00:01'));
  await h.db
    .insert(subscriberTags)
    .values({ subscriberId: reader.id, publicationId: pub.id, tag: 'compilers', source: 'manual', createdAt: at('02T09:00:00') });
  await h.db
    .update(subscribers)
    .set({ format: 'text', pausedUntil: at('30T00:00:00') })
    .where(eq(subscribers.id, reader.id));
  return { first, second, elsewhere };
}

type Item = Awaited<ReturnType<ReturnType<Harness['caller']>['readers']['history']>>['items'][number];
const label = (i: Item) => {
  switch (i.type) {
    case 'event':
      return `event ${i.kind}`;
    case 'send':
      return `send ${i.subject} ${i.status}`;
    case 'open':
      return `open ${i.subject} ${i.machine ? 'machine' : 'human'}`;
    case 'click':
      return `click ${i.url} ${i.machine ? 'machine' : 'human'}`;
    case 'mail':
      return `mail ${i.kind} ${i.subject} ${i.detail}`;
  }
};

const EXPECTED = [
  'send Issue two pending',
  'event untagged',
  'mail bounced Other letter mailbox full',
  'event preferences',
  'click https://example.com/ssa human',
  'open Issue one human',
  'open Issue one machine',
  'send Issue one sent',
  'event tagged',
  'event subscribed',
];

describe("a reader's page", () => {
  it('shows the reader: status, source, tags and preferences', async () => {
    const s = await setup();
    await seedHistory(s);
    const r = await s.api.readers.get({ publicationId: s.pub.id, subscriberId: s.reader.id });
    expect(r).toMatchObject({
      publication: { id: s.pub.id, name: 'Field Notes' },
      email: 'rea@example.com',
      name: 'Rea',
      status: 'active',
      source: 'manual',
      sourceDetail: null,
      tags: [{ tag: 'compilers', source: 'manual' }],
      format: 'text',
      frequency: 'every',
      pausedUntil: '2026-03-30T00:00:00.000Z',
      createdAt: '2026-03-01T08:00:00.000Z',
    });
  });

  it('merges events, sends, opens (human-likely or machine), clicks with their link and bounces, newest first', async () => {
    const s = await setup();
    await seedHistory(s);
    const page = await s.api.readers.history({ publicationId: s.pub.id, subscriberId: s.reader.id });
    expect(page.items.map(label)).toEqual(EXPECTED);
    expect(page.nextCursor).toBeNull();
    const times = page.items.map((i) => Date.parse(i.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.items.at(-1)).toMatchObject({ type: 'event', kind: 'subscribed', source: 'manual', detail: { active: true }, at: '2026-03-01T08:00:00.000Z' });
    expect(page.items[1]).toMatchObject({ type: 'event', kind: 'untagged', detail: { tag: 'rust' } });
  });

  it('comes in pages that join up without gaps or repeats, also across entries of the same millisecond', async () => {
    const s = await setup();
    await seedHistory(s);
    for (const limit of [1, 2, 3, 4]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await s.api.readers.history({ publicationId: s.pub.id, subscriberId: s.reader.id, limit, cursor });
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items.map(label));
        cursor = page.nextCursor ?? undefined;
        pages++;
      } while (cursor && pages < 20);
      expect(seen, `pages of ${limit}`).toEqual(EXPECTED);
      expect(pages).toBe(Math.ceil(EXPECTED.length / limit));
    }
  });

  it("refuses another account's reader, and a reader asked for under another publication", async () => {
    const s = await setup();
    await seedHistory(s);
    const stranger = await s.h.insertUser({ email: 'stranger@example.com', planType: 'professional' });
    const theirs = s.h.caller(stranger);
    const ownPub = await theirs.publications.create({ name: 'Their Letter' });
    for (const publicationId of [s.pub.id, ownPub.id]) {
      const ref = { publicationId, subscriberId: s.reader.id };
      await expect(theirs.readers.get(ref)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(theirs.readers.history(ref)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    const second = await s.api.publications.create({ name: 'Another of mine' });
    await expect(s.api.readers.history({ publicationId: second.id, subscriberId: s.reader.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(s.api.readers.history({ publicationId: s.pub.id, subscriberId: s.reader.id, cursor: '1.2.3; drop' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
