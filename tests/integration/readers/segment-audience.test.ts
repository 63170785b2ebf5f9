// A segment as the audience of a recurring issue and of a send: the schedule keeps it and each run's
// issue reaches only its readers; a segment in use cannot be deleted; and a deletion racing a schedule
// or a send that picks the segment never leaves either pointing at a segment that is gone.
// @postgres
import { describe, it, expect, afterEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { issueSends, recurringSchedules, segments, sendRecipients, subscribers } from '../../../db/schema';
import { enqueueDueRuns } from '../../../src/server/recurring/tick';
import { SEGMENT_MSG } from '../../../src/server/readers/segments';
import { READERS_MSG, type SegmentRules } from '../../../src/shared/schemas/readers';
import { harnessWithAdmin } from '../../helpers/app';
import { addSubscribers, newId, readyPublication } from '../delivery/send-support';
import { together } from '../concurrency/support';
import { scene, stories, type Scene } from '../recurring/support';

const SUNDAY = new Date('2026-03-01T11:00:00Z');
const MONDAY_0805 = new Date('2026-03-02T07:05:00Z');
const RUST: SegmentRules = { match: 'all', conditions: [{ field: 'tag', op: 'has', value: 'rust' }] };

const open: Scene[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

describe('a recurring issue sent to a segment', () => {
  it("keeps the segment with the schedule, sends each run's issue to its readers only, and refuses deleting it meanwhile", async () => {
    const s = await scene(SUNDAY, { subscribers: 4 });
    open.push(s);
    const api = s.h.caller(s.user);
    const readers = await s.h.db.select().from(subscribers).where(eq(subscribers.publicationId, s.pubId)).orderBy(subscribers.createdAt);
    await api.segments.addTags({ publicationId: s.pubId, ids: [readers[1]!.id, readers[3]!.id], tags: ['rust'] });
    const seg = await api.segments.create({ publicationId: s.pubId, name: 'Rust readers', rules: RUST });

    s.setItems('/feed.xml', stories('w1', 5));
    expect(await s.schedule({ segmentId: seg.id })).toMatchObject({ segmentId: seg.id });
    expect((await api.recurring.get({ publicationId: s.pubId })).schedule).toMatchObject({ segmentId: seg.id });
    await expect(api.segments.delete({ id: seg.id })).rejects.toMatchObject({ code: 'CONFLICT', message: SEGMENT_MSG.inUse });

    s.clock.now = MONDAY_0805;
    expect(await enqueueDueRuns(s.h.deps)).toBe(1);
    s.worker.kick();
    await s.worker.idle();
    const [send] = await s.h.db.select().from(issueSends).where(eq(issueSends.publicationId, s.pubId));
    expect(send).toMatchObject({ segmentId: seg.id, segmentName: 'Rust readers', status: 'sent' });
    const got = await s.h.db.select({ email: sendRecipients.email }).from(sendRecipients).where(eq(sendRecipients.sendId, send!.id));
    expect(got.map((g) => g.email).sort()).toEqual([readers[1]!.email, readers[3]!.email].sort());
    expect(await s.mailTo(readers[0]!.email)).toEqual([]);

    // Back to every reader: the segment is free to go.
    await s.schedule({ segmentId: null });
    await expect(api.segments.delete({ id: seg.id })).resolves.toEqual({ deleted: true });
  });

  it("refuses another account's segment, and one of another publication, for a schedule", async () => {
    const s = await scene(SUNDAY);
    open.push(s);
    const api = s.h.caller(s.user);
    const elsewhere = await api.publications.create({ name: 'Elsewhere' });
    const mineElsewhere = await api.segments.create({ publicationId: elsewhere.id, name: 'Rust', rules: RUST });
    const stranger = await s.h.insertUser({ email: 'stranger@example.com', planType: 'professional' });
    const strangerPub = await s.h.caller(stranger).publications.create({ name: 'Theirs' });
    const theirs = await s.h.caller(stranger).segments.create({ publicationId: strangerPub.id, name: 'Rust', rules: RUST });
    const notFound = { code: 'NOT_FOUND', message: READERS_MSG.segmentNotFound };
    await expect(s.schedule({ segmentId: theirs.id })).rejects.toMatchObject(notFound);
    await expect(s.schedule({ segmentId: mineElsewhere.id })).rejects.toMatchObject(notFound);
    expect(await s.h.db.select().from(recurringSchedules).where(eq(recurringSchedules.publicationId, s.pubId))).toEqual([]);
  });
});

describe('deleting a segment while it is being picked', () => {
  it('a schedule saved with the segment and its deletion at once: one of them is refused (five rounds)', async () => {
    const s = await scene(SUNDAY);
    open.push(s);
    const api = s.h.caller(s.user);
    for (let round = 0; round < 5; round++) {
      await s.schedule({ segmentId: null });
      const seg = await api.segments.create({ publicationId: s.pubId, name: `Round ${round}`, rules: RUST });
      const { ok, refused } = await together<unknown>([s.schedule({ segmentId: seg.id }), api.segments.delete({ id: seg.id })]);
      expect(ok).toHaveLength(1);
      expect(refused).toHaveLength(1);
      const [schedule] = await s.h.db.select().from(recurringSchedules).where(eq(recurringSchedules.publicationId, s.pubId));
      const [still] = await s.h.db.select().from(segments).where(eq(segments.id, seg.id));
      // Either the schedule uses a segment that is still there, or the segment is gone and nothing uses it.
      if (still) expect(schedule!.segmentId).toBe(seg.id);
      else expect(schedule!.segmentId).toBeNull();
    }
  });

  it('a scheduled send to the segment and its deletion at once: one of them is refused (five rounds)', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ email: 'writer@example.com', planType: 'professional', verified: true });
    const api = h.caller(user);
    const pub = await readyPublication(h, user);
    await addSubscribers(h, pub.id, 2);
    for (let round = 0; round < 5; round++) {
      const seg = await api.segments.create({ publicationId: pub.id, name: `Round ${round}`, rules: RUST });
      const id = newId();
      const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
      const { ok, refused } = await together<unknown>([
        api.sends.create({ id, publicationId: pub.id, segmentId: seg.id, scheduledAt }),
        api.segments.delete({ id: seg.id }),
      ]);
      expect(ok).toHaveLength(1);
      expect(refused).toHaveLength(1);
      const [send] = await h.db.select().from(issueSends).where(eq(issueSends.id, id));
      const [still] = await h.db.select().from(segments).where(eq(segments.id, seg.id));
      if (still) expect(send).toMatchObject({ segmentId: seg.id, status: 'scheduled' });
      else expect(send).toBeUndefined();
      if (send) await api.sends.cancel({ id });
    }
  });
});
