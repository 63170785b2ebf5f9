// A generation is counted only when it runs: AI calls refused as busy (the user's AI gate is full, or
// the AI service answers 429) leave the month's usage as it was.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiJobs, aiUsage } from '../../../db/schema';
import { BUSY_MESSAGE } from '../../../src/server/concurrency';
import { createAiRuntime } from '../../../src/server/ai/runtime';
import { expectStatus } from '../workflow/factories';
import { aiHarness, loadArticles, serveFeedsAndModel, type AiSetup } from './support';
import crypto from 'node:crypto';

const servers = serveFeedsAndModel();

const used = async (h: AiSetup, userId: string) => (await h.db.select().from(aiUsage).where(eq(aiUsage.userId, userId)).limit(1))[0]?.used ?? 0;

/** Takes every running and waiting place of the user's AI gate; returns what frees them. */
async function fillAiGate(h: AiSetup, userId: string): Promise<() => Promise<void>> {
  const gate = h.deps.gates.ai;
  const key = `user:${userId}`;
  const held = [await gate.acquire(key)];
  const waiting = Array.from({ length: gate.limits.waiting }, () => gate.acquire(key));
  expect(gate.load(key)).toEqual({ running: gate.limits.inFlight, waiting: gate.limits.waiting });
  return async () => {
    held.forEach((release) => release());
    for (const w of waiting) (await w)();
  };
}

describe('calls refused as busy are not counted', () => {
  it('every AI tool refused by the busy gate leaves the month’s usage unchanged (built-in engine)', async () => {
    const h = await aiHarness(servers.feeds);
    const articles = (await loadArticles(h, h.pro, h.feedUrl)).slice(0, 2);
    const api = h.caller(h.pro);
    const free = await fillAiGate(h, h.pro.id);
    // One call at a time: each is awaited as it starts, so none is refused before the test listens.
    for (const call of [
      () => api.ai.intro({ articles }),
      () => api.ai.subjects({ articles }),
      () => api.ai.pick({ articles, topic: 'battery', count: 1 }),
      () => api.ai.summarize({ article: articles[0]! }),
    ])
      await expectStatus(call(), 429, BUSY_MESSAGE);
    expect(await used(h, h.pro.id)).toBe(0);
    await free();

    // Once the gate is free the same call runs and is counted once.
    const intro = await api.ai.intro({ articles });
    expect(intro.quota.used).toBe(1);
    expect(await used(h, h.pro.id)).toBe(1);
  });

  it('a tool whose AI service fails and whose built-in fallback is refused as busy is not counted', async () => {
    const h = await aiHarness(servers.feeds, {
      ai: createAiRuntime({}, { baseUrl: servers.model.url, apiKey: null, model: 'slow-model', firstByteTimeoutMs: 1500, idleTimeoutMs: 1500 }),
    });
    const articles = (await loadArticles(h, h.pro, h.feedUrl)).slice(0, 2);
    servers.model.script({ kind: 'hang' });
    const before = servers.model.requests.length;
    const call = h.caller(h.pro).ai.subjects({ articles });
    // The sources are read and the model asked; while it does not answer, the user's gate fills up.
    while (servers.model.requests.length === before) await new Promise((r) => setTimeout(r, 5));
    const free = await fillAiGate(h, h.pro.id);
    await expectStatus(call, 429, BUSY_MESSAGE);
    expect(await used(h, h.pro.id)).toBe(0);
    await free();
  });

  it('a generation refused because two are already running is not counted', async () => {
    const h = await aiHarness(servers.feeds);
    const articles = (await loadArticles(h, h.pro, h.feedUrl)).slice(0, 1);
    const now = new Date();
    for (let i = 0; i < 2; i++)
      await h.db.insert(aiJobs).values({
        id: crypto.randomUUID(),
        userId: h.pro.id,
        kind: 'blog',
        engine: 'Built-in engine',
        sources: [],
        status: 'running',
        createdAt: now,
        updatedAt: now,
      });
    await expectStatus(h.caller(h.pro).ai.generate({ kind: 'blog', articles }), 429, /already running/);
    expect(await used(h, h.pro.id)).toBe(0);
  });
});
