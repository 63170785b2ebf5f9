// Growth on /analytics: new, confirmed, left and net readers per ISO week (Monday 00:00 UTC), and new
// readers by source, counted from the readers' history; other publications of the account count in
// "all publications" only, other accounts never.
// @postgres
import { describe, it, expect } from 'vitest';
import { TRPCError } from '@trpc/server';
import { harnessWithAdmin } from '../../helpers/app';
import { recordReaderEvents, type ReaderEvent } from '../../../src/server/readers/events';
import type { ReaderEventKind } from '../../../src/shared/schemas/readers';

// A Wednesday: the range of 4 weeks is the weeks of Feb 23, Mar 2, Mar 9 and Mar 16 (this one).
const NOW = new Date('2026-03-18T12:00:00Z');

async function setup() {
  const h = await harnessWithAdmin({ deps: { now: () => NOW } });
  const user = await h.insertUser({ email: 'owner@example.com', planType: 'professional' });
  const other = await h.insertUser({ email: 'other@example.com', planType: 'professional' });
  const api = h.caller(user);
  const pubA = await api.publications.create({ name: 'Field Notes' });
  const pubB = await api.publications.create({ name: 'Second Letter' });
  const pubX = await h.caller(other).publications.create({ name: 'Not Yours' });
  return { h, user, other, api, pubA, pubB, pubX };
}

let seq = 0;
const ev = (publicationId: string, kind: ReaderEventKind, source: string, at: string, detail?: Record<string, unknown>): ReaderEvent => ({
  publicationId,
  subscriberId: `reader-${++seq}`,
  kind,
  source,
  detail: detail ?? null,
  at: new Date(at),
});
const times = (n: number, make: () => ReaderEvent) => Array.from({ length: n }, make);

async function seed(s: Awaited<ReturnType<typeof setup>>) {
  const { h, pubA, pubB, pubX } = s;
  await recordReaderEvents(h.db, [
    // Before the range: the last millisecond of the week of Feb 16.
    ev(pubA.id, 'subscribed', 'signup', '2026-02-22T23:59:59.999Z'),
    // Week of Feb 23.
    ...times(2, () => ev(pubA.id, 'subscribed', 'signup', '2026-02-24T09:00:00Z')),
    ev(pubA.id, 'confirmed', 'signup', '2026-02-25T09:00:00Z'),
    ev(pubA.id, 'subscribed', 'manual', '2026-02-26T09:00:00Z', { active: true }),
    // Week of Mar 2 (its last millisecond included).
    ...times(3, () => ev(pubA.id, 'subscribed', 'import', '2026-03-04T09:00:00Z')),
    ev(pubA.id, 'subscribed', 'form', '2026-03-08T23:59:59.999Z'),
    ev(pubA.id, 'confirmed', 'form', '2026-03-08T23:59:59.999Z'),
    ev(pubA.id, 'unsubscribed', 'reader', '2026-03-05T09:00:00Z'),
    ev(pubB.id, 'subscribed', 'manual', '2026-03-03T09:00:00Z', { active: true }),
    // Week of Mar 9 (its first millisecond).
    ev(pubA.id, 'subscribed', 'signup', '2026-03-09T00:00:00.000Z'),
    ev(pubA.id, 'subscribed', 'api', '2026-03-10T09:00:00Z', { active: true }),
    ev(pubA.id, 'bounced', 'provider', '2026-03-11T09:00:00Z'),
    ev(pubA.id, 'complained', 'provider', '2026-03-11T10:00:00Z'),
    ev(pubA.id, 'removed', 'creator', '2026-03-12T09:00:00Z'),
    ev(pubB.id, 'unsubscribed', 'creator', '2026-03-10T09:00:00Z'),
    // This week: joining again counts as new; preferences and tags are not growth.
    ev(pubA.id, 'subscribed', 'signup', '2026-03-16T09:00:00Z', { again: true }),
    ev(pubA.id, 'preferences', 'reader', '2026-03-17T09:00:00Z'),
    ev(pubA.id, 'tagged', 'manual', '2026-03-17T09:00:00Z'),
    // Another account's readers, in the same weeks.
    ...times(5, () => ev(pubX.id, 'subscribed', 'signup', '2026-03-03T09:00:00Z')),
    ...times(2, () => ev(pubX.id, 'unsubscribed', 'reader', '2026-03-10T09:00:00Z')),
    // After now (a clock moved back): not in the range.
    ev(pubA.id, 'subscribed', 'signup', '2026-03-23T00:00:00Z'),
  ]);
}

const src = (o: Partial<Record<'signup' | 'form' | 'import' | 'manual' | 'api', number>>) => ({ signup: 0, form: 0, import: 0, manual: 0, api: 0, ...o });

describe('reader growth per week', () => {
  it('counts new, confirmed, left, net and new by source per ISO week, for all publications of the account', async () => {
    const s = await setup();
    await seed(s);
    const g = await s.api.readers.growth({ weeks: 4 });
    expect(g.from).toBe('2026-02-23T00:00:00.000Z');
    expect(g.to).toBe('2026-03-23T00:00:00.000Z');
    expect(g.weeks).toEqual([
      { weekStart: '2026-02-23T00:00:00.000Z', new: 3, confirmed: 2, left: 0, net: 2, bySource: src({ signup: 2, manual: 1 }) },
      { weekStart: '2026-03-02T00:00:00.000Z', new: 5, confirmed: 5, left: 1, net: 4, bySource: src({ import: 3, form: 1, manual: 1 }) },
      { weekStart: '2026-03-09T00:00:00.000Z', new: 2, confirmed: 1, left: 3, net: -2, bySource: src({ signup: 1, api: 1 }) },
      { weekStart: '2026-03-16T00:00:00.000Z', new: 1, confirmed: 0, left: 0, net: 0, bySource: src({ signup: 1 }) },
    ]);
    expect(g.totals).toEqual({ new: 11, confirmed: 8, left: 4, net: 4, bySource: src({ signup: 4, form: 1, import: 3, manual: 2, api: 1 }) });
  });

  it('counts one publication alone when it is chosen, and weeks with nothing as zeros', async () => {
    const s = await setup();
    await seed(s);
    const g = await s.api.readers.growth({ publicationId: s.pubA.id, weeks: 12 });
    expect(g.weeks).toHaveLength(12);
    expect(g.weeks[0]!.weekStart).toBe('2025-12-29T00:00:00.000Z');
    expect(g.weeks.slice(0, 7).every((w) => w.new === 0 && w.confirmed === 0 && w.left === 0)).toBe(true);
    // The week of Feb 16 holds the reader of its last millisecond.
    expect(g.weeks[7]).toMatchObject({ weekStart: '2026-02-16T00:00:00.000Z', new: 1, confirmed: 0 });
    expect(g.weeks.slice(8).map((w) => [w.new, w.confirmed, w.left, w.net])).toEqual([
      [3, 2, 0, 2],
      [4, 4, 1, 3],
      [2, 1, 2, -1],
      [1, 0, 0, 0],
    ]);
    expect(g.weeks[9]!.bySource).toEqual(src({ import: 3, form: 1 }));
  });

  it('counts readers as they join and leave through the product', async () => {
    const s = await setup();
    const added = await s.api.subscribers.add({ publicationId: s.pubA.id, email: 'hand@example.com', name: 'Hand' });
    await s.api.subscribers.update({ publicationId: s.pubA.id, id: added.id, status: 'unsubscribed' });
    const g = await s.api.readers.growth({ publicationId: s.pubA.id, weeks: 4 });
    expect(g.weeks[3]).toMatchObject({ new: 1, confirmed: 1, left: 1, net: 0, bySource: src({ manual: 1 }) });
  });

  it('gives the weeks as a CSV file', async () => {
    const s = await setup();
    await seed(s);
    const file = await s.api.readers.growthCsv({ weeks: 4 });
    expect(file.filename).toBe('reader-growth-2026-03-18.csv');
    expect(file.csv.split('\r\n')).toEqual([
      'Week (Monday UTC),New,Confirmed,Left,Net,New by signup,New by form,New by import,New by manual,New by api',
      '2026-02-23,3,2,0,2,2,0,0,1,0',
      '2026-03-02,5,5,1,4,0,1,3,1,0',
      '2026-03-09,2,1,3,-2,1,0,0,0,1',
      '2026-03-16,1,0,0,0,1,0,0,0,0',
      '',
    ]);
  });

  it("refuses another account's publication, plans without analytics and ranges it does not offer", async () => {
    const s = await setup();
    await seed(s);
    const otherApi = s.h.caller(s.other);
    await expect(otherApi.readers.growth({ publicationId: s.pubA.id, weeks: 4 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Their own figures do not include the owner's readers.
    const theirs = await otherApi.readers.growth({ weeks: 4 });
    expect(theirs.totals).toMatchObject({ new: 5, confirmed: 0, left: 2, net: -2 });
    const free = await s.h.insertUser({ email: 'free@example.com', planType: 'free' });
    await expect(s.h.caller(free).readers.growth({ weeks: 4 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(s.api.readers.growth({ weeks: 5 })).rejects.toBeInstanceOf(TRPCError);
  });
});
