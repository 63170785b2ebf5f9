// Shared set-up for the AI tests: a feed server on loopback carrying the fixture articles in full,
// users on each plan, and articles loaded through the real feed path (so their text is in the cache).
import crypto from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai';
import { createHarness, type Harness } from '../../helpers/app';
import { startFeedServer, type FeedServer } from '../../helpers/feed-server';
import { FIXTURES, HOSTILE, fixtureRss, type FixtureArticle } from '../../fixtures/ai/articles';
import type { SessionUser } from '../../../src/server/auth/service';
import type { Deps } from '../../../src/server/context';
import { issueSends } from '../../../db/schema';
import { buildChannel } from '../workflow/factories';
import { toAiArticle } from '../../../src/shared/schemas/ai';

export async function startAiFeeds(): Promise<FeedServer> {
  const server = await startFeedServer();
  server.route('/ai/feed.xml', (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(fixtureRss(FIXTURES));
  });
  server.route('/ai/hostile.xml', (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(fixtureRss([HOSTILE, FIXTURES[1]!]));
  });
  return server;
}

/** The fixture feeds and a fake OpenAI-compatible model for one test file: started before its tests, closed after. */
export function serveFeedsAndModel(): { feeds: FeedServer; model: FakeOpenAI } {
  const servers = {} as { feeds: FeedServer; model: FakeOpenAI };
  beforeAll(async () => {
    servers.feeds = await startAiFeeds();
    servers.model = await startFakeOpenAI();
  });
  afterAll(async () => {
    await servers.feeds.close();
    await servers.model.close();
  });
  return servers;
}

export interface AiSetup extends Harness {
  pro: SessionUser;
  basic: SessionUser;
  free: SessionUser;
  admin: SessionUser;
  feedUrl: string;
}

export async function aiHarness(server: FeedServer, deps: Partial<Deps> = {}): Promise<AiSetup> {
  const h = await createHarness({ env: { FETCH_ALLOW_HOSTS: server.allowHost }, deps });
  const admin = await h.insertUser({ email: `admin-${crypto.randomUUID()}@example.com` });
  const pro = await h.insertUser({ planType: 'professional' });
  const basic = await h.insertUser({ planType: 'basic' });
  const free = await h.insertUser({ planType: 'free' });
  return { ...h, admin, pro, basic, free, feedUrl: server.url('/ai/feed.xml') };
}

/** The fixture articles as the feed path gives them (ids, channelUrl, teaser summaries). */
export async function loadArticles(h: Harness, user: SessionUser, feedUrl: string) {
  const res = await h.caller(user).articles.listForChannel({ channelName: 'Fixture News', channelUrl: feedUrl, niche: 'energy' });
  if (!res.success) throw new Error(res.message);
  return res.data.map(toAiArticle);
}

export const byFixture = <T extends { url: string }>(list: T[], f: FixtureArticle) => list.find((a) => a.url === f.url)!;

/** A publication of `user` whose workflow selected the fixture channel. */
export async function publicationWithChannel(h: Harness, user: SessionUser, feedUrl: string, name = 'Battery Notes') {
  const api = h.caller(user);
  const pub = await api.publications.create({ name });
  await api.wizard.saveProgress({
    publicationId: pub.id,
    currentStep: 3,
    workflowData: { selectedChannels: [buildChannel({ name: 'Fixture News', url: feedUrl })] },
  });
  return pub;
}

/** Records an issue as sent from the publication, carrying these articles. */
export async function recordSentIssue(
  h: Harness,
  userId: string,
  publicationId: string,
  subject: string,
  articles: { id: string; title: string; url: string }[],
) {
  const now = new Date();
  await h.db.insert(issueSends).values({
    id: crypto.randomUUID(),
    userId,
    publicationId,
    subject,
    fromName: 'Battery Notes',
    replyTo: 'a@example.com',
    html: '',
    text: '',
    webHtml: '',
    articles,
    status: 'sent',
    scheduledAt: now,
    createdAt: now,
  });
}
