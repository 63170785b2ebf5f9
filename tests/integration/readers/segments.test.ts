// Saved segments: each rule kind counted on seeded readers, sends and tracking events; the count shown
// before sending is the recipients snapshotted; a reader who drops the segment's tag before their batch
// is not sent the issue; another account's segment is refused everywhere; the cap holds under a race.
// @postgres
import { describe, it, expect } from 'vitest';
import crypto from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { issueSends, outbox, segments, sendRecipients, subscriberTags, subscribers, trackingEvents } from '../../../db/schema';
import { runSend } from '../../../src/server/delivery/runner';
import { suppress } from '../../../src/server/readers/suppression';
import { MAX_SEGMENTS, READERS_MSG, type SegmentRules } from '../../../src/shared/schemas/readers';
import { addSubscribers, newId, readyPublication } from '../delivery/send-support';
import { times, together } from '../concurrency/support';
import { SEND_MSG } from '../../../src/server/delivery/sends';

type Reader = { key: string; status: 'active' | 'pending' | 'unsubscribed'; source: string; tags: string[] };

const READERS: Reader[] = [
  { key: 'r0', status: 'active', source: 'import', tags: ['news', 'tech'] },
  { key: 'r1', status: 'active', source: 'import', tags: ['news'] },
  { key: 'r2', status: 'active', source: 'import', tags: [] },
  { key: 'r3', status: 'active', source: 'manual', tags: ['tech'] },
  { key: 'r4', status: 'pending', source: 'signup', tags: ['news'] },
  { key: 'r5', status: 'unsubscribed', source: 'signup', tags: ['news'] },
  { key: 'r6', status: 'active', source: 'signup', tags: ['news'] },
  { key: 'r7', status: 'active', source: 'form', tags: [] },
];

/**
 * Three earlier sends (s1 oldest … s3 newest) reached r0, r1, r2, r3 and r7. r0 opened s3 (human-likely),
 * r1's only open of s3 was a proxy's, r2 clicked in s1, r7 opened s2, r3 did nothing. r6 is suppressed.
 * Another publication's send, where r3's twin clicked, and a send of this publication not yet started
 * (a click by r3 on it) count for nothing.
 */
async function seeded() {
  const h = await harnessWithAdmin();
  const user = await h.insertUser({ email: 'owner@example.com', planType: 'professional', verified: true });
  const api = h.caller(user);
  const pub = await readyPublication(h, user);
  const other = await api.publications.create({ name: 'Other' });
  const ids: Record<string, string> = {};
  const t0 = new Date('2026-01-01T00:00:00Z').getTime();
  for (const [i, r] of READERS.entries()) {
    ids[r.key] = crypto.randomUUID();
    await h.db.insert(subscribers).values({
      id: ids[r.key]!,
      publicationId: pub.id,
      email: `${r.key}@example.com`,
      name: r.key,
      status: r.status,
      source: r.source,
      createdAt: new Date(t0 + i),
      updatedAt: new Date(t0),
    });
    for (const tag of r.tags)
      await h.db.insert(subscriberTags).values({ subscriberId: ids[r.key]!, publicationId: pub.id, tag, source: 'manual', createdAt: new Date(t0) });
  }
  await suppress(h.db, user.id, 'r6@example.com', 'hard_bounce', 'test', new Date(t0));
  const twin = crypto.randomUUID();
  await h.db.insert(subscribers).values({
    id: twin,
    publicationId: other.id,
    email: 'r3@example.com',
    name: '',
    status: 'active',
    source: 'import',
    createdAt: new Date(t0),
    updatedAt: new Date(t0),
  });

  const send = async (publicationId: string, n: number, startedAt: Date | null, readers: string[]) => {
    const id = `seed-send-${publicationId.slice(0, 6)}-${n}`;
    await h.db.insert(issueSends).values({
      id,
      userId: user.id,
      publicationId,
      subject: `Issue ${n}`,
      fromName: 'x',
      replyTo: 'owner@example.com',
      html: '',
      text: '',
      webHtml: '',
      status: startedAt ? 'sent' : 'scheduled',
      scheduledAt: startedAt ?? new Date(t0 + 9e9),
      startedAt,
      createdAt: new Date(t0),
    });
    const rec: Record<string, number> = {};
    for (const r of readers) {
      const [row] = await h.db
        .insert(sendRecipients)
        .values({ sendId: id, subscriberId: r, email: `${r}@x`, status: startedAt ? 'sent' : 'pending' })
        .returning({ id: sendRecipients.id });
      rec[r] = row!.id;
    }
    const event = (r: string, kind: 'open' | 'click', machine = false) =>
      h.db.insert(trackingEvents).values({ sendId: id, recipientId: rec[r]!, kind, machine, at: new Date(t0 + 1000) });
    return event;
  };
  const reached = ['r0', 'r1', 'r2', 'r3', 'r7'].map((k) => ids[k]!);
  const s1 = await send(pub.id, 1, new Date(t0 + 10_000), reached);
  const s2 = await send(pub.id, 2, new Date(t0 + 20_000), reached);
  const s3 = await send(pub.id, 3, new Date(t0 + 30_000), reached);
  const notStarted = await send(pub.id, 4, null, reached);
  const elsewhere = await send(other.id, 5, new Date(t0 + 40_000), [twin]);
  await s3(ids.r0!, 'open');
  await s3(ids.r1!, 'open', true);
  await s1(ids.r2!, 'click');
  await s2(ids.r7!, 'open');
  await notStarted(ids.r3!, 'click');
  await elsewhere(twin, 'click');
  return { h, user, api, pub, other, ids };
}

const one = (c: SegmentRules['conditions'][number]): SegmentRules => ({ match: 'all', conditions: [c] });

describe('segment counts', () => {
  it('counts each rule kind in SQL: tag has / has not, status, source, engaged and not engaged in the last N sends, all / any', async () => {
    const { api, pub } = await seeded();
    const count = (rules: SegmentRules) => api.segments.count({ publicationId: pub.id, rules });
    // matching: every status; recipients: active, not suppressed.
    expect(await count(one({ field: 'tag', op: 'has', value: 'news' }))).toEqual({ matching: 5, recipients: 2 });
    expect(await count(one({ field: 'tag', op: 'hasNot', value: 'news' }))).toEqual({ matching: 3, recipients: 3 });
    expect(await count(one({ field: 'status', value: 'pending' }))).toEqual({ matching: 1, recipients: 0 });
    // r6's bounce made them 'bounced' as well as suppressed.
    expect(await count(one({ field: 'status', value: 'active' }))).toEqual({ matching: 5, recipients: 5 });
    expect(await count(one({ field: 'status', value: 'bounced' }))).toEqual({ matching: 1, recipients: 0 });
    expect(await count(one({ field: 'source', value: 'signup' }))).toEqual({ matching: 3, recipients: 0 });
    expect(await count(one({ field: 'source', value: 'import' }))).toEqual({ matching: 3, recipients: 3 });
    expect(await count(one({ field: 'engaged', lastIssues: 1 }))).toEqual({ matching: 1, recipients: 1 });
    expect(await count(one({ field: 'engaged', lastIssues: 2 }))).toEqual({ matching: 2, recipients: 2 });
    expect(await count(one({ field: 'engaged', lastIssues: 3 }))).toEqual({ matching: 3, recipients: 3 });
    expect(await count(one({ field: 'notEngaged', lastIssues: 2 }))).toEqual({ matching: 3, recipients: 3 });
    expect(await count(one({ field: 'notEngaged', lastIssues: 3 }))).toEqual({ matching: 2, recipients: 2 });
    expect(
      await count({
        match: 'any',
        conditions: [
          { field: 'tag', op: 'has', value: 'tech' },
          { field: 'source', value: 'form' },
        ],
      }),
    ).toEqual({ matching: 3, recipients: 3 });
    expect(
      await count({
        match: 'all',
        conditions: [
          { field: 'tag', op: 'has', value: 'news' },
          { field: 'engaged', lastIssues: 3 },
        ],
      }),
    ).toEqual({ matching: 1, recipients: 1 });
  });

  it('the count before sending is the recipients the send snapshots, and the send row keeps the segment', async () => {
    const { h, api, pub, ids } = await seeded();
    const rules: SegmentRules = {
      match: 'any',
      conditions: [
        { field: 'tag', op: 'has', value: 'news' },
        { field: 'engaged', lastIssues: 3 },
      ],
    };
    const seg = await api.segments.create({ publicationId: pub.id, name: 'News or engaged', rules });
    const { recipients } = await api.segments.audience({ publicationId: pub.id, segmentId: seg.id });
    expect(recipients).toBe(4);
    const created = await api.sends.create({ id: newId(), publicationId: pub.id, segmentId: seg.id });
    expect(created.segmentName).toBe('News or engaged');
    expect(await runSend(h.deps, created.id, { keepLease: () => true })).toMatchObject({ outcome: 'done' });
    const got = await h.db.select({ id: sendRecipients.subscriberId }).from(sendRecipients).where(eq(sendRecipients.sendId, created.id));
    expect(got).toHaveLength(recipients);
    expect(new Set(got.map((g) => g.id))).toEqual(new Set([ids.r0, ids.r1, ids.r2, ids.r7]));
    const [row] = await h.db.select().from(issueSends).where(eq(issueSends.id, created.id));
    expect(row).toMatchObject({ segmentId: seg.id, segmentName: 'News or engaged', total: 4 });
    // Every active reader, for comparison: the audience without a segment.
    expect(await api.segments.audience({ publicationId: pub.id })).toEqual({ recipients: 5 });
  });
});

describe('sending to a segment', () => {
  it('a reader who removes the tag before their batch is not sent the issue', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ email: 'writer@example.com', planType: 'professional', verified: true });
    const api = h.caller(user);
    const pub = await readyPublication(h, user);
    const readers = await addSubscribers(h, pub.id, 504);
    await addSubscribers(h, pub.id, 20, { prefix: 'untagged' });
    await api.segments.addTags({ publicationId: pub.id, ids: readers.slice(0, 500).map((r) => r.id), tags: ['topic'] });
    await api.segments.addTags({ publicationId: pub.id, ids: readers.slice(500).map((r) => r.id), tags: ['topic'] });
    const seg = await api.segments.create({ publicationId: pub.id, name: 'Topic', rules: one({ field: 'tag', op: 'has', value: 'topic' }) });
    const created = await api.sends.create({ id: newId(), publicationId: pub.id, segmentId: seg.id });

    let dropped: string[] = [];
    const outcome = await runSend(h.deps, created.id, {
      keepLease: () => true,
      async onProgress() {
        if (dropped.length) return;
        const waiting = await h.db
          .select()
          .from(sendRecipients)
          .where(and(eq(sendRecipients.sendId, created.id), eq(sendRecipients.status, 'pending')));
        expect(waiting).toHaveLength(4);
        dropped = waiting.slice(0, 2).map((w) => w.email);
        await api.segments.removeTags({ publicationId: pub.id, ids: waiting.slice(0, 2).map((w) => w.subscriberId!), tags: ['topic'] });
      },
    });
    expect(outcome.outcome).toBe('done');
    expect(dropped).toHaveLength(2);
    const mailed = new Set((await h.db.select({ to: outbox.toAddress }).from(outbox)).map((m) => m.to));
    expect(mailed.size).toBe(502);
    for (const d of dropped) expect(mailed.has(d)).toBe(false);
    const rows = await h.db
      .select({ status: sendRecipients.status })
      .from(sendRecipients)
      .where(and(eq(sendRecipients.sendId, created.id), inArray(sendRecipients.email, dropped)));
    expect(rows.map((r) => r.status)).toEqual(['suppressed', 'suppressed']);
  });

  it("refuses another account's segment, and a segment of another publication, everywhere", async () => {
    const { h, api, pub, other } = await seeded();
    const mine = await api.segments.create({ publicationId: pub.id, name: 'Tech', rules: one({ field: 'tag', op: 'has', value: 'tech' }) });
    const mineElsewhere = await api.segments.create({ publicationId: other.id, name: 'Tech', rules: one({ field: 'tag', op: 'has', value: 'tech' }) });
    const stranger = await h.insertUser({ email: 'stranger@example.com', planType: 'professional', verified: true });
    const them = h.caller(stranger);
    const theirPub = await readyPublication(h, stranger, 'Theirs');
    await addSubscribers(h, theirPub.id, 3);
    const notFound = { code: 'NOT_FOUND', message: READERS_MSG.segmentNotFound };
    await expect(them.sends.create({ id: newId(), publicationId: theirPub.id, segmentId: mine.id })).rejects.toMatchObject(notFound);
    await expect(them.segments.update({ id: mine.id, name: 'Mine now' })).rejects.toMatchObject(notFound);
    await expect(them.segments.delete({ id: mine.id })).rejects.toMatchObject(notFound);
    await expect(them.segments.audience({ publicationId: theirPub.id, segmentId: mine.id })).rejects.toMatchObject(notFound);
    await expect(them.segments.list({ publicationId: pub.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(them.segments.count({ publicationId: pub.id, rules: one({ field: 'status', value: 'active' }) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(h.caller('anon').segments.list({ publicationId: pub.id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // The owner's own segment of another publication is not this publication's audience either.
    await expect(api.sends.create({ id: newId(), publicationId: pub.id, segmentId: mineElsewhere.id })).rejects.toMatchObject(notFound);
    // A segment nobody active is in: an immediate send is refused with the reason.
    const empty = await api.segments.create({ publicationId: pub.id, name: 'Pending', rules: one({ field: 'status', value: 'pending' }) });
    await expect(api.sends.create({ id: newId(), publicationId: pub.id, segmentId: empty.id })).rejects.toMatchObject({ message: SEND_MSG.noSegmentReaders });
    const [row] = await h.db.select({ n: count() }).from(issueSends).where(eq(issueSends.userId, stranger.id));
    expect(row?.n).toBe(0);
    expect((await api.segments.list({ publicationId: pub.id })).map((s) => s.name)).toEqual(['Pending', 'Tech']);
  });

  it('refuses deleting a segment a scheduled send still goes to, and markup in a tag rule', async () => {
    const { api, pub } = await seeded();
    const seg = await api.segments.create({ publicationId: pub.id, name: 'News', rules: one({ field: 'tag', op: 'has', value: 'news' }) });
    const scheduled = await api.sends.create({
      id: newId(),
      publicationId: pub.id,
      segmentId: seg.id,
      scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    await expect(api.segments.delete({ id: seg.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await api.sends.cancel({ id: scheduled.id });
    await expect(api.segments.delete({ id: seg.id })).resolves.toEqual({ deleted: true });
    await expect(api.segments.create({ publicationId: pub.id, name: 'Bad', rules: one({ field: 'tag', op: 'has', value: '<b>x</b>' }) })).rejects.toMatchObject(
      {
        code: 'BAD_REQUEST',
        message: expect.stringContaining(READERS_MSG.tagMarkup),
      },
    );
    await expect(api.segments.create({ publicationId: pub.id, name: 'News', rules: one({ field: 'status', value: 'active' }) })).resolves.toBeTruthy();
    await expect(api.segments.create({ publicationId: pub.id, name: 'News', rules: one({ field: 'status', value: 'active' }) })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: READERS_MSG.segmentTaken,
    });
  });
});

describe('the cap on saved segments', () => {
  it(`at ${MAX_SEGMENTS - 1} segments, of 8 simultaneous creations exactly one succeeds (five rounds)`, async () => {
    const h: Harness = await harnessWithAdmin();
    const user = await h.insertUser({ email: 'owner@example.com', planType: 'professional' });
    const api = h.caller(user);
    const pub = await api.publications.create({ name: 'Capped' });
    const now = new Date();
    await h.db.insert(segments).values(
      Array.from({ length: MAX_SEGMENTS - 1 }, (_, i) => ({
        id: crypto.randomUUID(),
        publicationId: pub.id,
        userId: user.id,
        name: `Earlier ${i}`,
        rules: one({ field: 'status', value: 'active' }),
        createdAt: now,
        updatedAt: now,
      })),
    );
    for (let round = 0; round < 5; round++) {
      const { ok, refused } = await together(
        Array.from({ length: 8 }, (_, i) =>
          api.segments.create({ publicationId: pub.id, name: `Racing ${round}.${i}`, rules: one({ field: 'status', value: 'active' }) }),
        ),
      );
      expect(ok).toHaveLength(1);
      expect(refused).toEqual(times(7, { status: 403, message: READERS_MSG.tooManySegments }));
      const [row] = await h.db.select({ n: count() }).from(segments).where(eq(segments.publicationId, pub.id));
      expect(row?.n).toBe(MAX_SEGMENTS);
      await api.segments.delete({ id: ok[0]!.id });
    }
  });
});
