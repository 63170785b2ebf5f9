// The cap of AI generations running at once per user: the count of running jobs, the month's usage and
// the job's row are one transaction, so simultaneous starts at the cap minus one start exactly one more.
// The monthly quota is counted by one conditional statement, so the last generation of a month goes to
// one call however many ask at once.
// @postgres
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, it, expect, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { aiJobs, aiUsage } from '../../../db/schema';
import { createHarness } from '../../helpers/app';
import { startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai';
import { createAiRuntime } from '../../../src/server/ai/runtime';
import { CAPABILITIES } from '../../../src/shared/plans';
import { times, together } from './support';

const N = 10;
const RUNNING = 'Two generations are already running. Wait for one to finish.';

let model: FakeOpenAI;
beforeAll(async () => {
  model = await startFakeOpenAI();
});
afterAll(() => model.close());

const article = { id: 'a1', title: 'Solid-state cells reach the road', url: 'https://example.com/a1', summary: 'Batteries got denser this year.' };

describe('AI generations running at once', () => {
  it(`one running already (the cap is two): of ${N} simultaneous starts exactly one runs, and only it is counted`, async () => {
    // The model never answers, so the started generation stays running while the others are refused.
    model.script({ kind: 'hang' });
    const ai = createAiRuntime({}, { baseUrl: model.url, apiKey: null, model: 'slow-model', firstByteTimeoutMs: 60_000, idleTimeoutMs: 60_000 });
    const h = await createHarness({ deps: { ai } });
    await h.insertUser({ email: 'admin@example.com' });
    const user = await h.insertUser({ planType: 'professional' });
    const now = new Date();
    await h.db
      .insert(aiJobs)
      .values({ id: crypto.randomUUID(), userId: user.id, kind: 'blog', engine: 'slow-model', sources: [], status: 'running', createdAt: now, updatedAt: now });

    const { ok, refused } = await together(Array.from({ length: N }, () => h.caller(user).ai.generate({ kind: 'blog', articles: [article] })));
    expect(ok).toHaveLength(1);
    expect(refused).toEqual(times(N - 1, { status: 429, message: RUNNING }));
    const running = await h.db
      .select()
      .from(aiJobs)
      .where(and(eq(aiJobs.userId, user.id), eq(aiJobs.status, 'running')));
    expect(running).toHaveLength(2);
    const [usage] = await h.db.select().from(aiUsage).where(eq(aiUsage.userId, user.id));
    expect(usage?.used).toBe(1);

    // Ends the hanging generation (it is marked failed and its generation given back).
    await vi.waitFor(() => expect(ai.controllers.size).toBe(1));
    for (const c of ai.controllers.values()) c.abort();
    await vi.waitFor(async () => {
      const [job] = await h.db.select().from(aiJobs).where(eq(aiJobs.id, ok[0]!.id));
      expect(job?.status).toBe('failed');
    });
  });
});

describe('the monthly AI quota', () => {
  it('Basic with one generation left this month: of six simultaneous AI calls exactly one runs and is counted', async () => {
    const now = new Date('2026-11-24T12:00:00.000Z');
    const h = await createHarness({ deps: { now: () => now } });
    await h.insertUser({ email: 'admin@example.com' });
    const user = await h.insertUser({ planType: 'basic' });
    const limit = CAPABILITIES.basic.aiGenerationsPerMonth;
    await h.db.insert(aiUsage).values({ userId: user.id, month: '2026-11', used: limit - 1 });

    // Six calls fit the user's AI gate (one running, the rest waiting), so each reaches the quota.
    const { ok, refused } = await together(Array.from({ length: 6 }, () => h.caller(user).ai.intro({ articles: [article] })));
    expect(ok).toHaveLength(1);
    expect(ok[0]!.quota.used).toBe(limit);
    expect(refused).toEqual(
      times(5, { status: 429, message: `You have used all ${limit} AI generations of your Basic plan this month. They renew on Dec 1, 2026.` }),
    );
    const [usage] = await h.db.select().from(aiUsage).where(eq(aiUsage.userId, user.id));
    expect(usage?.used).toBe(limit);
  });
});
