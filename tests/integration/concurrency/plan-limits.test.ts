// Plan limits that count rows before adding one (publications per account, subscribers per
// publication): the count and the insert are one transaction, so requests racing for the last place
// leave exactly the limit, and each refused one reads the plan's message.
// @postgres
import { describe, it, expect } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { outbox, publications, subscribers } from '../../../db/schema';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { PUBLICATION_MSG } from '../../../src/server/publications/publications';
import { SUBSCRIBER_MSG } from '../../../src/server/readers/subscription/subscribers';
import { SIGNUP_MSG } from '../../../src/server/readers/subscription/messages';
import { CAPABILITIES } from '../../../src/shared/plans';
import { addSubscribers } from '../delivery/send-support';
import { buildChannel } from '../workflow/factories';
import { times, together, type Outcomes } from './support';

const N = 12;

async function kept(h: Harness, publicationId: string) {
  const [row] = await h.db
    .select({ n: count() })
    .from(subscribers)
    .where(and(eq(subscribers.publicationId, publicationId), inArray(subscribers.status, ['pending', 'active'])));
  return row?.n ?? 0;
}

describe('publications per account', () => {
  it(`Basic at its limit minus one: of ${N} simultaneous creations exactly one succeeds`, async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ planType: 'basic' });
    const api = h.caller(user);
    const limit = CAPABILITIES.basic.maxNewsletters;
    for (let i = 0; i < limit - 1; i++) await api.publications.create({ name: `Earlier ${i}` });

    const { ok, refused } = await together(Array.from({ length: N }, (_, i) => api.publications.create({ name: `Racing ${i}` })));
    expect(ok).toHaveLength(1);
    expect(refused).toEqual(times(N - 1, { status: 403, message: PUBLICATION_MSG.limit(limit) }));
    const [owned] = await h.db.select({ n: count() }).from(publications).where(eq(publications.userId, user.id));
    expect(owned?.n).toBe(limit);
  });

  it(`Free with none yet: of ${N} simultaneous creations exactly one succeeds`, async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ planType: 'free' });
    const { ok, refused } = await together(Array.from({ length: N }, (_, i) => h.caller(user).publications.create({ name: `Racing ${i}` })));
    expect(ok).toHaveLength(1);
    expect(refused).toEqual(times(N - 1, { status: 403, message: PUBLICATION_MSG.limit(CAPABILITIES.free.maxNewsletters) }));
  });
});

describe('subscribers per publication', () => {
  const limit = CAPABILITIES.free.maxSubscribers;

  async function publicationNearLimit(keptAlready: number, deps?: Parameters<typeof harnessWithAdmin>[0]) {
    const h = await harnessWithAdmin(deps);
    const user = await h.insertUser({ planType: 'free' });
    const api = h.caller(user);
    const pub = await api.publications.create({ name: 'Field Notes' });
    await addSubscribers(h, pub.id, keptAlready);
    return { h, api, pub };
  }

  it(`Free at its limit minus one: of ${N} simultaneous additions exactly one succeeds`, async () => {
    const { h, api, pub } = await publicationNearLimit(limit - 1);
    const { ok, refused } = await together(
      Array.from({ length: N }, (_, i) => api.subscribers.add({ publicationId: pub.id, email: `late${i}@example.com`, name: `Late ${i}` })),
    );
    expect(ok).toHaveLength(1);
    expect(refused).toEqual(times(N - 1, { status: 403, message: SUBSCRIBER_MSG.limit(limit) }));
    expect(await kept(h, pub.id)).toBe(limit);
  });

  it('a CSV import racing single additions for the last ten places: the publication ends exactly at the limit', async () => {
    // The import reads the clock once, right after its first check of the limit (which it passes): the
    // additions start at that moment, so they land between that check and the writes of its slices.
    let onClock: (() => void) | null = null;
    const now = () => {
      const fire = onClock;
      onClock = null;
      fire?.();
      return new Date();
    };
    const { h, api, pub } = await publicationNearLimit(limit - 10, { deps: { now } });
    const csv = 'email,name\n' + Array.from({ length: 10 }, (_, i) => `file${i}@example.com,File ${i}`).join('\n');
    const race: { adds?: Promise<Outcomes<unknown>> } = {};
    onClock = () => {
      race.adds = together(
        Array.from({ length: 10 }, (_, i) => api.subscribers.add({ publicationId: pub.id, email: `hand${i}@example.com`, name: `Hand ${i}` })),
      );
    };
    const report = await api.subscribers.importCsv({ publicationId: pub.id, csv, mode: 'import' });
    if (!race.adds) throw new Error('the import never reached its writes');
    const added = await race.adds;
    expect(added.refused).toEqual(times(added.refused.length, { status: 403, message: SUBSCRIBER_MSG.limit(limit) }));
    expect(report.imported + report.overLimit).toBe(10);
    if (report.overLimit) expect(report.message).toBe(SUBSCRIBER_MSG.partlyOverLimit(report.imported, report.overLimit, limit));
    expect(report.imported + added.ok.length).toBe(10);
    expect(await kept(h, pub.id)).toBe(limit);
  });
  it(`Free at its limit minus one: of ${N} simultaneous public sign-ups exactly one is kept and mailed`, async () => {
    const { h, api, pub } = await publicationNearLimit(limit - 1, { env: { RATE_LIMITS: 'off' } });
    const slug = new URL((await api.subscribers.share({ publicationId: pub.id })).signupUrl).pathname.split('/').pop()!;
    const emails = Array.from({ length: N }, (_, i) => `reader${i}@example.net`);
    // Every answer is the same neutral sentence, so the limit is read from what was kept and mailed.
    const { ok } = await together(emails.map((email) => h.caller().subscribers.signup({ slug, email, name: '' })));
    expect(ok).toEqual(times(N, { message: SIGNUP_MSG.checkInbox }));
    expect(await kept(h, pub.id)).toBe(limit);
    const mailed = (await h.db.select({ to: outbox.toAddress }).from(outbox)).filter((m) => emails.includes(m.to));
    expect(mailed).toHaveLength(1);
  });
});

describe('channels per publication', () => {
  // The channel limit is checked against the list a save writes whole (it replaces the stored list),
  // so racing saves cannot add up past it; kept as the invariant for a database with real parallelism.
  it('Basic with one place left: simultaneous saves that each add a different channel leave at most the limit', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ planType: 'basic' });
    const api = h.caller(user);
    const limit = CAPABILITIES.basic.maxChannels;
    const pub = await api.publications.create({ name: 'Channel Notes' });
    const have = Array.from({ length: limit - 1 }, (_, i) => buildChannel({ name: `Kept ${i}`, url: `https://kept${i}.example.com/feed.xml` }));
    await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 3, workflowData: { selectedChannels: have } });

    const { ok } = await together(
      Array.from({ length: N }, (_, i) =>
        api.wizard.saveProgress({
          publicationId: pub.id,
          currentStep: 3,
          workflowData: { selectedChannels: [...have, buildChannel({ name: `New ${i}`, url: `https://new${i}.example.com/feed.xml` })] },
        }),
      ),
    );
    expect(ok).toHaveLength(N);
    const [row] = await h.db.select().from(publications).where(eq(publications.id, pub.id));
    expect(row!.workflowData.selectedChannels).toHaveLength(limit);
  });
});
