// Free's taste of the AI tools: the workflow's AI picks, summaries, intro and subject lines work in three
// publication issues a month. The first AI call in an issue counts it, later ones in the same issue are
// free, a fourth issue is refused with when it renews, and the next month (the injected clock) renews it.
// A paid account that moves down to Free gets the taste from then on, whatever it used while paying.
// @postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiTasteIssues } from '../../../db/schema';
import { AI_MSG, tasteExhausted } from '../../../src/shared/schemas/ai';
import { CAPABILITIES } from '../../../src/shared/plans';
import type { FeedServer } from '../../helpers/feed-server';
import { expectStatus } from '../workflow/factories';
import { aiHarness, loadArticles, publicationWithChannel, startAiFeeds } from './support';

let server: FeedServer;
beforeAll(async () => {
  server = await startAiFeeds();
});
afterAll(() => server.close());

/** A harness whose clock the test moves (every domain function reads deps.now). */
async function withClock(start: string) {
  const clock = { now: new Date(start) };
  const h = await aiHarness(server, { now: () => clock.now });
  return { h, clock };
}

const LIMIT = CAPABILITIES.free.aiTasteIssuesPerMonth;

describe('Free’s AI taste', () => {
  it('is three issues a month: the first AI call of an issue counts it, the rest of that issue is free, a fourth is refused, next month renews', async () => {
    expect(LIMIT).toBe(3);
    const { h, clock } = await withClock('2026-11-10T09:00:00.000Z');
    const articles = await loadArticles(h, h.free, h.feedUrl);
    const pub = await publicationWithChannel(h, h.free, h.feedUrl);
    const api = h.caller(h.free);
    const newIssue = () => api.wizard.saveProgress({ publicationId: pub.id, currentStep: 4, workflowData: {}, newIssue: true });

    expect((await api.ai.status({ publicationId: pub.id })).taste).toEqual({
      limit: 3,
      used: 0,
      left: 3,
      resetsAt: '2026-12-01T00:00:00.000Z',
      thisIssue: false,
    });

    for (let issue = 1; issue <= LIMIT; issue++) {
      // Every workflow tool works in the issue; only the first call counts it.
      const pick = await api.ai.pick({ publicationId: pub.id, topic: 'battery recycling', count: 2, articles });
      expect(pick.picks).toHaveLength(2);
      expect(pick.picks[0]!.reason).toMatch(/^Matches your topic: /);
      expect(pick.taste).toMatchObject({ used: issue, left: LIMIT - issue, thisIssue: true });
      const summary = await api.ai.summarize({ publicationId: pub.id, article: articles[0]! });
      expect(summary.sentences.length).toBeGreaterThan(0);
      const intro = await api.ai.intro({ publicationId: pub.id, articles: articles.slice(0, 2) });
      expect(intro.text).toMatch(/\[1\]/);
      const subjects = await api.ai.subjects({ publicationId: pub.id, articles: articles.slice(0, 2) });
      expect(subjects.taste).toMatchObject({ used: issue, left: LIMIT - issue });
      expect((await api.ai.status({ publicationId: pub.id })).taste).toMatchObject({ used: issue, thisIssue: true });
      await newIssue();
      expect((await api.ai.status({ publicationId: pub.id })).taste).toMatchObject({ used: issue, thisIssue: false });
    }

    // The fourth issue: every tool refuses with when the taste renews; nothing is counted.
    const refusal = tasteExhausted(3, 'Free', 'Dec 1, 2026');
    expect(refusal).toBe(
      'You have used AI picks and summaries in all 3 issues your Free plan includes this month. They renew on Dec 1, 2026; upgrade for AI in every issue.',
    );
    await expectStatus(api.ai.pick({ publicationId: pub.id, articles, count: 2 }), 429, refusal);
    await expectStatus(api.ai.summarize({ publicationId: pub.id, article: articles[0]! }), 429, refusal);
    await expectStatus(api.ai.intro({ publicationId: pub.id, articles }), 429, refusal);
    await expectStatus(api.ai.subjects({ publicationId: pub.id, articles }), 429, refusal);
    expect(await h.db.select().from(aiTasteIssues).where(eq(aiTasteIssues.userId, h.free.id))).toHaveLength(3);
    expect((await api.ai.status({ publicationId: pub.id })).taste).toMatchObject({ used: 3, left: 0, thisIssue: false });

    // December: three again, from the same issue that was refused.
    clock.now = new Date('2026-12-01T00:00:00.000Z');
    expect((await api.ai.status({ publicationId: pub.id })).taste).toEqual({
      limit: 3,
      used: 0,
      left: 3,
      resetsAt: '2027-01-01T00:00:00.000Z',
      thisIssue: false,
    });
    const december = await api.ai.pick({ publicationId: pub.id, articles, count: 1 });
    expect(december.taste).toMatchObject({ used: 1, left: 2 });
  });

  it('an issue counted in one month counts again in the next, so an issue kept open does not carry AI for ever', async () => {
    const { h, clock } = await withClock('2026-11-30T23:00:00.000Z');
    const articles = await loadArticles(h, h.free, h.feedUrl);
    const pub = await publicationWithChannel(h, h.free, h.feedUrl);
    const api = h.caller(h.free);
    expect((await api.ai.pick({ publicationId: pub.id, articles, count: 1 })).taste).toMatchObject({ used: 1, thisIssue: true });
    clock.now = new Date('2026-12-01T01:00:00.000Z');
    expect((await api.ai.status({ publicationId: pub.id })).taste).toMatchObject({ used: 0, thisIssue: false });
    expect((await api.ai.pick({ publicationId: pub.id, articles, count: 1 })).taste).toMatchObject({ used: 1, left: 2, thisIssue: true });
    expect((await api.ai.pick({ publicationId: pub.id, articles, count: 1 })).taste).toMatchObject({ used: 1, left: 2 });
    const rows = await h.db.select().from(aiTasteIssues).where(eq(aiTasteIssues.userId, h.free.id));
    expect(rows.map((r) => [r.month, r.currentOf]).sort()).toEqual([
      ['2026-11', null],
      ['2026-12', pub.id],
    ]);
  });

  it('works only inside an issue the caller may edit; AI Magic stays with the paid plans', async () => {
    const { h } = await withClock('2026-11-10T09:00:00.000Z');
    const articles = await loadArticles(h, h.free, h.feedUrl);
    const api = h.caller(h.free);
    await expectStatus(api.ai.pick({ articles, count: 1 }), 403, AI_MSG.tasteNeedsIssue);
    await expectStatus(api.ai.summarize({ article: articles[0]! }), 403, AI_MSG.tasteNeedsIssue);
    await expectStatus(api.ai.intro({ articles }), 403, AI_MSG.tasteNeedsIssue);
    await expectStatus(api.ai.generate({ kind: 'blog', articles }), 403, AI_MSG.notAvailable);
    await expectStatus(api.ai.sources({ topic: 'batteries' }), 403, AI_MSG.notAvailable);
    // Someone else's publication is not found, and counts nothing.
    const others = await publicationWithChannel(h, h.pro, h.feedUrl);
    await expectStatus(api.ai.pick({ publicationId: others.id, articles, count: 1 }), 404);
    await expectStatus(api.ai.pick({ publicationId: 'no-such-publication', articles, count: 1 }), 404);
    expect((await api.ai.status()).taste).toMatchObject({ used: 0, left: 3 });
    // A refused call counts nothing: an article with no text to summarise is refused before the issue is counted.
    const pub = await publicationWithChannel(h, h.free, h.feedUrl);
    await expectStatus(
      api.ai.summarize({ publicationId: pub.id, article: { ...articles[0]!, channelUrl: 'https://elsewhere.example/feed', summary: '' } }),
      400,
      AI_MSG.noArticleText,
    );
    expect((await api.ai.status({ publicationId: pub.id })).taste).toMatchObject({ used: 0, thisIssue: false });
  });

  it('plans with the AI tools count generations and have no taste', async () => {
    const { h } = await withClock('2026-11-10T09:00:00.000Z');
    const articles = await loadArticles(h, h.basic, h.feedUrl);
    const pub = await publicationWithChannel(h, h.basic, h.feedUrl);
    const res = await h.caller(h.basic).ai.pick({ publicationId: pub.id, articles, count: 1 });
    expect(res.taste).toBeUndefined();
    expect(res.quota).toMatchObject({ used: 1, limit: 200 });
    expect((await h.caller(h.basic).ai.status({ publicationId: pub.id })).taste).toBeNull();
    expect(await h.db.select().from(aiTasteIssues)).toHaveLength(0);
  });

  it('a paid account that moves down to Free gets the taste from then on, whatever it used while paying', async () => {
    const { h } = await withClock('2026-11-10T09:00:00.000Z');
    const articles = await loadArticles(h, h.basic, h.feedUrl);
    const pub = await publicationWithChannel(h, h.basic, h.feedUrl);
    const paying = h.caller(h.basic);
    for (let i = 0; i < 5; i++) await paying.ai.intro({ publicationId: pub.id, articles });
    expect((await paying.ai.status()).quota.used).toBe(5);

    await h.caller(h.admin).billing.setPlan({ userId: h.basic.id, plan: 'free', reason: 'Downgrade' });
    const free = h.caller({ ...h.basic, planType: 'free' });
    const status = await free.ai.status({ publicationId: pub.id });
    expect(status.enabled).toBe(false);
    expect(status.taste).toMatchObject({ used: 0, left: 3, thisIssue: false });
    const newIssue = () => free.wizard.saveProgress({ publicationId: pub.id, currentStep: 4, workflowData: {}, newIssue: true });
    for (let issue = 1; issue <= 3; issue++) {
      expect((await free.ai.pick({ publicationId: pub.id, articles, count: 1 })).taste).toMatchObject({ used: issue });
      await newIssue();
    }
    await expectStatus(free.ai.pick({ publicationId: pub.id, articles, count: 1 }), 429, tasteExhausted(3, 'Free', 'Dec 1, 2026'));

    // Back on Basic: counted by generations again, the taste's issues play no part.
    await h.caller(h.admin).billing.setPlan({ userId: h.basic.id, plan: 'basic', reason: 'Upgrade' });
    const back = await h.caller(h.basic).ai.pick({ publicationId: pub.id, articles, count: 1 });
    expect(back.quota.used).toBe(6);
  });
});
