// Models per plan: the operator's AI_MODELS list (two loopback fakes of the OpenAI-compatible API) and
// the plans each serves. Each plan sees its models (others with the plan that has them; none shown when
// none is configured), a creator's pick writes with that model, a model outside the plan or unknown is
// refused, the built-in engine can always be chosen, and a failing model falls back to it.
import { describe, expect, it } from 'vitest';
import { createAiRuntime } from '../../../src/server/ai/runtime';
import { MODEL_MSG, modelsFromEnv } from '../../../src/server/ai/models';
import { expectStatus } from '../workflow/factories';
import { aiHarness, loadArticles, serveFeedsAndModel, type AiSetup } from './support';

const servers = serveFeedsAndModel();

function operatorModels() {
  return JSON.stringify([
    {
      id: 'gpt',
      name: 'ChatGPT',
      baseUrl: servers.model.url,
      apiKey: 'sk-test-key',
      model: 'gpt-test',
      plans: ['basic', 'professional', 'business', 'enterprise'],
    },
    { id: 'claude', name: 'Claude', baseUrl: `${servers.model.url}/`, apiKey: 'sk-test-key', model: 'claude-test', plans: ['enterprise'] },
  ]);
}

async function harness(): Promise<AiSetup> {
  return aiHarness(servers.feeds, { ai: createAiRuntime({ AI_MODELS: operatorModels() }) });
}

describe('AI models per plan', () => {
  it('each plan sees the configured models, with the ones it includes; the default is the first included', async () => {
    const h = await harness();
    const pro = await h.caller(h.pro).ai.status();
    expect(pro.models).toEqual([
      { id: 'gpt', name: 'ChatGPT', included: true, plan: 'Basic' },
      { id: 'claude', name: 'Claude', included: false, plan: 'Enterprise' },
    ]);
    expect(pro.engine).toEqual({ kind: 'model', name: 'ChatGPT' });
    const admin = await h.caller(h.admin).ai.status();
    expect(admin.models.every((m) => m.included)).toBe(true);

    // No models configured: none shown, the built-in engine writes.
    const plain = await aiHarness(servers.feeds, { ai: createAiRuntime({}) });
    expect(await plain.caller(plain.pro).ai.status()).toMatchObject({ models: [], engine: { kind: 'builtin' } });
  });

  it('the pick writes with that model; a model outside the plan, or unknown, is refused; the built-in engine is always there', async () => {
    const h = await harness();
    const articles = (await loadArticles(h, h.pro, h.feedUrl)).slice(0, 2);
    servers.model.script({ kind: 'json', text: 'Batteries are being recycled at scale [1].' });
    const intro = await h.caller(h.admin).ai.intro({ newsletterName: 'Notes', topic: 'recycling', articles, model: 'claude' });
    expect(intro.engine).toEqual({ kind: 'model', name: 'Claude' });
    expect(servers.model.requests.at(-1)!.body).toMatchObject({ model: 'claude-test' });

    await expectStatus(
      h.caller(h.pro).ai.intro({ newsletterName: 'Notes', topic: 'recycling', articles, model: 'claude' }),
      403,
      MODEL_MSG.notInPlan('Claude', 'Enterprise'),
    );
    await expectStatus(h.caller(h.pro).ai.generate({ kind: 'blog', topic: 'recycling', articles, model: 'claude' }), 403);
    await expectStatus(h.caller(h.pro).ai.intro({ newsletterName: 'Notes', topic: 'recycling', articles, model: 'gemini' }), 400, MODEL_MSG.unknown);

    const before = servers.model.requests.length;
    const builtin = await h.caller(h.pro).ai.intro({ newsletterName: 'Notes', topic: 'recycling', articles, model: 'builtin' });
    expect(builtin.engine).toEqual({ kind: 'builtin', name: 'Built-in engine' });
    expect(servers.model.requests.length).toBe(before);

    servers.model.script({ kind: 'text', text: 'A short piece on recycling [1].' });
    const job = await h.caller(h.pro).ai.generate({ kind: 'blog', topic: 'recycling', articles, model: 'gpt' });
    expect(job.engine.name).toBe('ChatGPT');
    for (let i = 0; i < 300 && (await h.caller(h.pro).ai.job({ id: job.id })).status === 'running'; i++) await new Promise((r) => setTimeout(r, 10));
    expect((await h.caller(h.pro).ai.job({ id: job.id })).status).toBe('done');
    expect(servers.model.requests.at(-1)!.body).toMatchObject({ model: 'gpt-test', stream: true });
  });

  it('a failing model falls back to the built-in engine, which says why', async () => {
    const h = await harness();
    const articles = (await loadArticles(h, h.pro, h.feedUrl)).slice(0, 2);
    servers.model.script({ kind: 'status', status: 500, body: { error: { message: 'upstream down' } } });
    const intro = await h.caller(h.pro).ai.intro({ newsletterName: 'Notes', topic: 'recycling', articles, model: 'gpt' });
    expect(intro.engine.kind).toBe('builtin');
    expect(intro.engine.note).toMatch(/The built-in engine wrote this instead\.$/);
    expect(intro.text.length).toBeGreaterThan(0);
  });

  it('AI_MODELS is checked at start: bad JSON, a bad entry or a repeated id is refused with a sentence naming it', () => {
    expect(() => modelsFromEnv({ AI_MODELS: '[{' })).toThrow(/AI_MODELS must be a JSON list/);
    expect(() => modelsFromEnv({ AI_MODELS: JSON.stringify([{ id: 'X Y', name: 'n', baseUrl: 'ftp://x', model: 'm', plans: [] }]) })).toThrow(
      /AI_MODELS is not valid/,
    );
    const one = { id: 'a', name: 'A', baseUrl: 'https://api.example.com/v1/chat/completions', model: 'm', plans: ['business'] };
    expect(() => modelsFromEnv({ AI_MODELS: JSON.stringify([one, one]) })).toThrow(/its own id/);
    const [parsed, legacy] = modelsFromEnv({ AI_MODELS: JSON.stringify([one]), AI_BASE_URL: 'https://llm.example.com/v1', AI_MODEL: 'local' });
    expect(parsed!.config.baseUrl).toBe('https://api.example.com/v1');
    expect(legacy).toMatchObject({ id: 'default', name: 'local' });
  });
});
