// A publication's own rows under simultaneous requests: a repeated client id makes one publication, a
// save compares with what is stored (so a stale list cannot bring back a trimmed channel past the plan),
// the public address is given once, and each tracking switch keeps what its own request set.
// @postgres
import { describe, it, expect } from 'vitest';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { publications } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { CAPABILITIES } from '../../../src/shared/plans';
import { MSG } from '../../../src/shared/messages';
import { buildChannel } from '../workflow/factories';
import { times, together } from './support';

const N = 8;

describe('publications', () => {
  it(`one client id sent ${N} times at once makes one publication, answered to every request (five rounds)`, async () => {
    const h = await harnessWithAdmin();
    const api = h.caller(await h.insertUser({ planType: 'professional' }));
    for (let round = 0; round < 5; round++) {
      const id = crypto.randomUUID();
      const { ok } = await together(Array.from({ length: N }, () => api.publications.create({ id, name: `Double Click ${round}` })));
      expect(ok.map((p) => p.id)).toEqual(times(N, id));
      expect(await h.db.select().from(publications).where(eq(publications.id, id))).toHaveLength(1);
    }
  });

  // After a downgrade a publication may keep more channels than the plan allows, and each save may only
  // remove. Two tabs trimming different channels at once: the second one's list still holds the channel
  // the first removed, which against what is stored now is an addition past the limit.
  it('two saves trimming different channels of an over-limit list at once: one is kept, the other is refused (five rounds)', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ planType: 'basic' });
    const pub = await h.caller(user).publications.create({ name: 'Trimmed Notes' });
    const channels = Array.from({ length: CAPABILITIES.basic.maxChannels }, (_, i) =>
      buildChannel({ name: `Kept ${i}`, url: `https://kept${i}.example.com/feed.xml` }),
    );
    const api = h.caller({ ...user, planType: 'free' });
    const limit = CAPABILITIES.free.maxChannels;
    for (let round = 0; round < 5; round++) {
      await h.caller(user).wizard.saveProgress({ publicationId: pub.id, currentStep: 3, workflowData: { selectedChannels: channels } });
      const { ok, refused } = await together(
        [0, 1].map((drop) =>
          api.wizard.saveProgress({ publicationId: pub.id, currentStep: 3, workflowData: { selectedChannels: channels.filter((_, i) => i !== drop) } }),
        ),
      );
      expect(ok).toHaveLength(1);
      expect(refused).toEqual([{ status: 403, message: MSG.channelLimit(limit) }]);
      const [row] = await h.db.select().from(publications).where(eq(publications.id, pub.id));
      expect(row!.workflowData.selectedChannels).toEqual(ok[0]!.workflowData.selectedChannels);
    }
  });

  it(`${N} first requests at once for a publication's public address all get the same one`, async () => {
    const h = await harnessWithAdmin();
    const api = h.caller(await h.insertUser({ planType: 'professional' }));
    // Its name's address is taken, so each request would pick its own random suffix.
    await api.subscribers.share({ publicationId: (await api.publications.create({ name: 'Field Notes' })).id });
    const pub = await api.publications.create({ name: 'Field Notes' });

    const { ok } = await together(Array.from({ length: N }, () => api.subscribers.share({ publicationId: pub.id })));
    const [row] = await h.db.select({ slug: publications.slug }).from(publications).where(eq(publications.id, pub.id));
    expect(row!.slug).toMatch(/^field-notes-/);
    expect(ok.map((s) => s.signupUrl)).toEqual(times(N, `${h.env.APP_URL}/p/${row!.slug}`));
  });

  it('turning opens off and clicks off at the same moment turns both off (five rounds)', async () => {
    const h = await harnessWithAdmin();
    const api = h.caller(await h.insertUser({ planType: 'professional' }));
    const pub = await api.publications.create({ name: 'Quiet Notes' });
    for (let round = 0; round < 5; round++) {
      await h.db.update(publications).set({ trackOpens: true, trackClicks: true }).where(eq(publications.id, pub.id));
      const { ok } = await together([
        api.analytics.setTracking({ publicationId: pub.id, trackOpens: false }),
        api.analytics.setTracking({ publicationId: pub.id, trackClicks: false }),
      ]);
      expect(ok).toHaveLength(2);
      const [row] = await h.db
        .select({ opens: publications.trackOpens, clicks: publications.trackClicks })
        .from(publications)
        .where(eq(publications.id, pub.id));
      expect(row).toEqual({ opens: false, clicks: false });
    }
  });
});
