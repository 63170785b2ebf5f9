// Free's AI taste is counted by issue: the month's count and the new issue's row are one transaction
// under the account's taste lock, so AI calls made at once in more issues than the month has left grant
// exactly the issues left, and the calls made in a granted issue all run (it is counted once).
// @postgres
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiTasteIssues } from '../../../db/schema';
import { createHarness, type Harness } from '../../helpers/app';
import { tasteExhausted } from '../../../src/shared/schemas/ai';
import type { SessionUser } from '../../../src/server/auth/service';
import { times, together } from './support';

const articles = [
  { id: 'a1', title: 'Solid-state cells reach the road', url: 'https://example.com/a1', summary: 'Batteries got denser this year.' },
  { id: 'a2', title: 'Grid storage doubles in a year', url: 'https://example.com/a2', summary: 'Utilities bought more battery storage than ever.' },
];
const REFUSED = { status: 429, message: tasteExhausted(3, 'Free', 'Dec 1, 2026') };

/** A Free account with `n` publications (made while it was on Professional, as a downgraded account keeps them). */
async function freeWithPublications(n: number): Promise<{ h: Harness; user: SessionUser; pubs: string[] }> {
  const now = new Date('2026-11-24T12:00:00.000Z');
  const h = await createHarness({ deps: { now: () => now } });
  const admin = await h.insertUser({ email: 'admin@example.com' });
  const pro = await h.insertUser({ planType: 'professional' });
  const pubs: string[] = [];
  for (let i = 0; i < n; i++) pubs.push((await h.caller(pro).publications.create({ name: `Notes ${i + 1}` })).id);
  await h.caller(admin).billing.setPlan({ userId: pro.id, plan: 'free', reason: 'Downgrade' });
  return { h, user: { ...pro, planType: 'free' }, pubs };
}

const counted = async (h: Harness, userId: string) => (await h.db.select().from(aiTasteIssues).where(eq(aiTasteIssues.userId, userId))).length;

describe('Free’s AI taste under concurrency', () => {
  it('two issues counted; the third and fourth asked at once, twice each: exactly one of them is granted, both its calls run', async () => {
    for (let round = 0; round < 3; round++) {
      const { h, user, pubs } = await freeWithPublications(4);
      const api = h.caller(user);
      for (const id of pubs.slice(0, 2)) await api.ai.pick({ publicationId: id, articles, count: 1 });
      const calls = [pubs[2]!, pubs[3]!, pubs[2]!, pubs[3]!].map((id) => api.ai.pick({ publicationId: id, articles, count: 1 }).then(() => id));
      const { ok, refused } = await together(calls);
      expect(ok, `round ${round}`).toHaveLength(2);
      expect(new Set(ok).size, 'both granted calls are in one issue').toBe(1);
      expect(refused).toEqual(times(2, REFUSED));
      expect(await counted(h, user.id)).toBe(3);
    }
  });

  it('five issues asked at once from none, by picks and intros: exactly three are granted', async () => {
    for (let round = 0; round < 3; round++) {
      const { h, user, pubs } = await freeWithPublications(5);
      const api = h.caller(user);
      const { ok, refused } = await together<unknown>(
        pubs.map((id, i) => (i % 2 ? api.ai.intro({ publicationId: id, articles }) : api.ai.pick({ publicationId: id, articles, count: 1 }))),
      );
      expect(ok, `round ${round}`).toHaveLength(3);
      expect(refused).toEqual(times(2, REFUSED));
      expect(await counted(h, user.id)).toBe(3);
    }
  });
});
