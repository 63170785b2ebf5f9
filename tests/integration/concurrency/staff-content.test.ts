// Staff changes made twice at once (two admins, or a double click): an onboarding step deleted twice is
// deleted once and the second hears it is gone; a post published twice is published, and audited, once.
// @postgres
import { describe, it, expect } from 'vitest';
import { auditLog } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { ONBOARDING_MSG } from '../../../src/server/onboarding/steps';
import { together } from './support';

const actions = async (h: Awaited<ReturnType<typeof harnessWithAdmin>>, action: string) =>
  (await h.db.select().from(auditLog)).filter((a) => a.action === action);

describe('staff changes made twice at once', () => {
  it('an onboarding step deleted twice at once: one deletion, one "not found", one audit entry (five rounds)', async () => {
    const h = await harnessWithAdmin();
    const admin = h.caller(h.admin);
    for (let round = 0; round < 5; round++) {
      const step = await admin.onboarding.create({ dayOffset: round, subject: `Day ${round}`, markdown: 'Hello', enabled: true });
      const { ok, refused } = await together([0, 1].map(() => admin.onboarding.delete({ id: step.id })));
      expect(ok).toHaveLength(1);
      expect(refused).toEqual([{ status: 404, message: ONBOARDING_MSG.notFound }]);
      expect(await actions(h, 'onboarding.delete')).toHaveLength(round + 1);
    }
  });

  it('a blog post published twice at once is published, and audited, once (five rounds)', async () => {
    const h = await harnessWithAdmin();
    const admin = h.caller(h.admin);
    for (let round = 0; round < 5; round++) {
      const post = await admin.blog.create({ title: `News ${round}`, markdown: 'Some **news**.' });
      const { ok } = await together([0, 1].map(() => admin.blog.publish({ id: post.id })));
      expect(ok.map((p) => p.status)).toEqual(['published', 'published']);
      expect(ok[0]!.publishedAt).toBe(ok[1]!.publishedAt);
      expect(await actions(h, 'blog.publish')).toHaveLength(round + 1);
    }
  });
});
