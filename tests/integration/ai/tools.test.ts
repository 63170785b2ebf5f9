// ai.* with the built-in engine: plan gate (Free's taste: taste.test.ts), quota, summaries from the cached article text, picks with
// reasons and the already-used memory, AI Magic generations stored and saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiUsage, contentDrafts, newsletters } from '../../../db/schema';
import { AI_MSG, citedPieces } from '../../../src/shared/schemas/ai';
import { FIXTURES } from '../../fixtures/ai/articles';
import type { FeedServer } from '../../helpers/feed-server';
import { expectStatus } from '../workflow/factories';
import { aiHarness, byFixture, loadArticles, publicationWithChannel, recordSentIssue, startAiFeeds, type AiSetup } from './support';

let server: FeedServer;
beforeAll(async () => {
  server = await startAiFeeds();
});
afterAll(() => server.close());

async function waitForJob(h: AiSetup, user: AiSetup['pro'], id: string) {
  for (let i = 0; i < 200; i++) {
    const job = await h.caller(user).ai.job({ id });
    if (job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('job did not finish');
}

describe('plan gate and errors', () => {
  it('free users see the upgrade notice; anon 401; bad input 400', async () => {
    const h = await aiHarness(server);
    const articles = await loadArticles(h, h.pro, h.feedUrl);
    const anon = h.caller('anon');
    await expectStatus(anon.ai.status(), 401);
    await expectStatus(anon.ai.summarize({ article: articles[0]! }), 401);
    await expectStatus(anon.ai.generate({ kind: 'blog', articles }), 401);
    await expectStatus(anon.ai.drafts(), 401);

    expect(await h.caller(h.free).ai.status()).toMatchObject({ enabled: false, quota: { used: 0, limit: 0 }, taste: { limit: 3, used: 0 } });
    const free = h.caller(h.free);
    // Free tastes the workflow's tools inside an issue (taste.test.ts); outside one, and AI Magic, are refused.
    for (const call of [
      free.ai.summarize({ article: articles[0]! }),
      free.ai.intro({ articles }),
      free.ai.subjects({ articles }),
      free.ai.pick({ articles, count: 2 }),
    ])
      await expectStatus(call, 403, AI_MSG.tasteNeedsIssue);
    for (const call of [free.ai.generate({ kind: 'blog', articles }), free.ai.sources({ topic: 'batteries' }), free.ai.trending()])
      await expectStatus(call, 403, AI_MSG.notAvailable);

    const pro = h.caller(h.pro);
    await expectStatus(pro.ai.intro({ articles: [] }), 400, new RegExp(AI_MSG.noSources));
    await expectStatus(pro.ai.generate({ kind: 'blog', articles: Array.from({ length: 13 }, () => articles[0]!) }), 400, new RegExp(AI_MSG.tooManySources));
    await expectStatus(pro.ai.pick({ articles, count: 0 }), 400);
    // @ts-expect-error an unknown kind is refused
    await expectStatus(pro.ai.generate({ kind: 'poem', articles }), 400);
    await expectStatus(pro.ai.job({ id: 'nope' }), 404, AI_MSG.jobNotFound);
    // No generation was counted by the refusals.
    expect((await pro.ai.status()).quota.used).toBe(0);
  });
});

describe('summaries', () => {
  it('summarises the full article from the feed cache with the spans it took', async () => {
    const h = await aiHarness(server);
    const articles = await loadArticles(h, h.pro, h.feedUrl);
    const a = byFixture(articles, FIXTURES[0]!);
    // The feed's teaser is the first paragraph only; the summary works from the whole article.
    expect(a.summary.length).toBeLessThan(300);
    const res = await h.caller(h.pro).ai.summarize({ article: a });
    expect(res.basis).toBe('full');
    expect(res.engine).toEqual({ kind: 'builtin', name: 'Built-in engine' });
    expect(res.sentences.length).toBeGreaterThan(0);
    for (const s of res.sentences) {
      expect(res.text.slice(s.start, s.end)).toBe(s.text);
      expect(FIXTURES[0]!.body).toContain(s.text);
    }
    expect(res.quota).toMatchObject({ used: 1, limit: 1000 });
  });

  it('another user’s article id is read from the feed it names, never from their data', async () => {
    const h = await aiHarness(server);
    const articles = await loadArticles(h, h.pro, h.feedUrl);
    const a = byFixture(articles, FIXTURES[0]!);
    // A forged channel address finds no cached body: only the given teaser is used.
    const forged = await h
      .caller(h.basic)
      .ai.summarize({ article: { ...a, channelUrl: 'https://elsewhere.example/feed', summary: 'Short teaser text that has no full stop' } });
    expect(forged.basis).toBe('teaser');
  });
});

describe('quota', () => {
  it('refuses the generation after the plan’s monthly count, with when it renews', async () => {
    const h = await aiHarness(server);
    const articles = await loadArticles(h, h.basic, h.feedUrl);
    const month = new Date().toISOString().slice(0, 7);
    await h.db.insert(aiUsage).values({ userId: h.basic.id, month, used: 198 });
    const api = h.caller(h.basic);
    // Five at once: exactly two fit under 200.
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => api.ai.subjects({ articles })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const next = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
    const renew = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(next);
    await expectStatus(api.ai.intro({ articles }), 429, `You have used all 200 AI generations of your Basic plan this month. They renew on ${renew}.`);
    expect((await api.ai.status()).quota).toEqual({ used: 200, limit: 200, resetsAt: next.toISOString() });
  });

  it('admins are unlimited', async () => {
    const h = await aiHarness(server);
    const articles = await loadArticles(h, h.admin, h.feedUrl);
    const res = await h.caller(h.admin).ai.intro({ articles });
    expect(res.quota.limit).toBeNull();
  });
});

describe('workflow tools', () => {
  it('writes an intro and subject lines whose citations point at the right articles', async () => {
    const h = await aiHarness(server);
    const articles = await loadArticles(h, h.pro, h.feedUrl);
    const chosen = [byFixture(articles, FIXTURES[1]!), byFixture(articles, FIXTURES[0]!)];
    const intro = await h.caller(h.pro).ai.intro({ newsletterName: 'Battery Notes', articles: chosen });
    expect(intro.text.startsWith(`In this issue of Battery Notes: “${FIXTURES[1]!.title}” [1] and “${FIXTURES[0]!.title}” [2].`)).toBe(true);
    for (const piece of citedPieces(intro.text).slice(2))
      for (const n of piece.cites) expect(FIXTURES.find((f) => f.url === intro.sources[n - 1]!.url)!.body).toContain(piece.text.replace(/^\.\s*/, '').trim());
    const subjects = await h.caller(h.pro).ai.subjects({ articles: chosen });
    expect(subjects.subjects[0]).toEqual({ text: FIXTURES[1]!.title, basedOn: [1] });
  });

  it('picks the best articles for the topic, never one an earlier issue sent, and lists what was used', async () => {
    const h = await aiHarness(server);
    const articles = await loadArticles(h, h.pro, h.feedUrl);
    const pub = await publicationWithChannel(h, h.pro, h.feedUrl);
    const first = await h.caller(h.pro).ai.pick({ publicationId: pub.id, topic: 'battery recycling', count: 2, articles });
    expect(first.picks.map((p) => p.id).sort()).toEqual([byFixture(articles, FIXTURES[0]!).id, byFixture(articles, FIXTURES[1]!).id].sort());
    expect(first.picks[0]!.reason).toMatch(/^Matches your topic: /);

    const sent = byFixture(articles, FIXTURES[0]!);
    await recordSentIssue(h, h.pro.id, pub.id, 'Battery Notes #1', [{ id: sent.id, title: sent.title, url: `${sent.url}?utm_source=newsletter` }]);
    const used = await h.caller(h.pro).ai.usedArticles({ publicationId: pub.id });
    expect(used).toEqual([expect.objectContaining({ title: sent.title, issue: 'Battery Notes #1' })]);
    const again = await h.caller(h.pro).ai.pick({ publicationId: pub.id, topic: 'battery recycling', count: 2, articles });
    expect(again.picks.map((p) => p.id)).not.toContain(sent.id);
    expect(again.picks[0]!.id).toBe(byFixture(articles, FIXTURES[1]!).id);

    await expectStatus(h.caller(h.basic).ai.usedArticles({ publicationId: pub.id }), 404);
    await expectStatus(h.caller(h.basic).ai.pick({ publicationId: pub.id, articles, count: 1 }), 404);
  });
});

describe('AI Magic', () => {
  it('finds sources and trending topics in the creator’s channels', async () => {
    const h = await aiHarness(server);
    await publicationWithChannel(h, h.pro, h.feedUrl);
    const sources = await h.caller(h.pro).ai.sources({ topic: 'lithium recycling', limit: 3 });
    expect(sources.channels).toBe(1);
    expect(
      sources.articles
        .slice(0, 2)
        .map((a) => a.url)
        .sort(),
    ).toEqual([FIXTURES[0]!.url, FIXTURES[1]!.url].sort());
    const trending = await h.caller(h.pro).ai.trending();
    expect(trending.topics[0]!.articles).toBeGreaterThanOrEqual(2);
    // A user without channels gets nothing, not an error.
    expect(await h.caller(h.admin).ai.trending()).toEqual({ topics: [], channels: 0 });
  });

  it('generates a blog post from real articles, stores it, and saves it as a draft or a newsletter', async () => {
    const h = await aiHarness(server);
    const articles = (await loadArticles(h, h.pro, h.feedUrl)).slice(0, 3);
    const api = h.caller(h.pro);
    const started = await api.ai.generate({ kind: 'blog', topic: 'battery recycling', articles });
    expect(started.status).toBe('running');
    const job = await waitForJob(h, h.pro, started.id);
    expect(job).toMatchObject({ status: 'done', kind: 'blog', engine: { kind: 'builtin' }, error: null });
    expect(job.output.startsWith('# Battery recycling: what 3 sources report')).toBe(true);
    expect(job.sources.map((s) => s.url)).toEqual(articles.map((a) => a.url));
    // Other users cannot read it.
    await expectStatus(h.caller(h.basic).ai.job({ id: job.id }), 404);

    const draft = await api.ai.save({ jobId: job.id, as: 'draft', title: 'Recycling roundup', body: `${job.output}\n\nMy own closing line.` });
    const drafts = await api.ai.drafts();
    expect(drafts).toEqual([expect.objectContaining({ id: draft.id, kind: 'blog', title: 'Recycling roundup' })]);
    expect(drafts[0]!.body.endsWith('My own closing line.')).toBe(true);
    expect(await h.db.select().from(contentDrafts).where(eq(contentDrafts.userId, h.basic.id))).toHaveLength(0);
    await expectStatus(h.caller(h.basic).ai.deleteDraft({ id: draft.id }), 404);
    await api.ai.deleteDraft({ id: draft.id });
    expect(await api.ai.drafts()).toEqual([]);

    const nl = await api.ai.generate({ kind: 'newsletter', articles: articles.slice(0, 2) });
    const done = await waitForJob(h, h.pro, nl.id);
    const saved = await api.ai.save({ jobId: done.id, as: 'newsletter', title: 'Battery Notes', body: done.output });
    const [row] = await h.db.select().from(newsletters).where(eq(newsletters.id, saved.id)).limit(1);
    expect(row.status).toBe('draft');
    expect(row.htmlContent).toContain('In this issue: “');
    expect(row.contentSources.articles.map((a) => a.url)).toEqual(articles.slice(0, 2).map((a) => a.url));
    expect(row.contentSources.articles[0]!.aiEnhanced).toBe(true);
    await expectStatus(api.ai.save({ jobId: done.id, as: 'draft', title: 'x', body: '  ' }), 400, AI_MSG.noText);
  });
});
