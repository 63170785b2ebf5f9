// The OpenAI-compatible chat client against a loopback fake of the chat-completions endpoint: streaming,
// the request it sends, and each way the AI service can fail.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/server/errors';
import { completeChat, modelConfigFromEnv, streamChat, type ChatMessage, type ModelConfig } from '../../../src/server/ai/model';
import { startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai';

const messages: ChatMessage[] = [
  { role: 'system', content: 'You write newsletter intros.' },
  { role: 'user', content: 'Summarize: café opening' },
];

let fake: FakeOpenAI;
let cfg: ModelConfig;

beforeEach(async () => {
  fake = await startFakeOpenAI();
  cfg = { baseUrl: fake.url, apiKey: 'sk-test-123', model: 'gpt-4o-mini' };
});
afterEach(() => fake.close());

async function collect(gen: AsyncGenerator<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const d of gen) out.push(d);
  return out;
}

/** The AppError a promise rejects with (fails the test when it resolves or throws something else). */
async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('streamChat', () => {
  it('yields the deltas in order and they join into the answer', async () => {
    fake.script({ kind: 'text', text: 'Hello, world! Fine.', chunkSize: 3 });
    const deltas = await collect(streamChat(cfg, messages));
    expect(deltas).toEqual(['Hel', 'lo,', ' wo', 'rld', '! F', 'ine', '.']);
  });

  it('a delta whose text is "done" is text, not the end of the stream', async () => {
    fake.script({ kind: 'text', text: 'done, done!', chunkSize: 4 });
    expect(await collect(streamChat(cfg, messages))).toEqual(['done', ', do', 'ne!']);
  });

  it('sends model, messages, stream, temperature, max_tokens and the bearer key', async () => {
    fake.script({ kind: 'text', text: 'ok' });
    expect(await completeChat(cfg, messages)).toBe('ok');
    expect(fake.requests).toHaveLength(1);
    const { headers, body } = fake.requests[0]!;
    expect(body).toEqual({ model: 'gpt-4o-mini', messages, stream: true, temperature: 0.3, max_tokens: 1200 });
    expect(headers.authorization).toBe('Bearer sk-test-123');
    expect(headers.accept).toBe('text/event-stream');
    expect(headers['content-type']).toBe('application/json');
  });

  it('passes temperature and maxTokens, and sends no Authorization without a key', async () => {
    fake.script({ kind: 'text', text: 'ok' });
    await completeChat({ ...cfg, apiKey: null, maxTokens: 50 }, messages, { temperature: 0 });
    expect(fake.requests[0]!.body).toMatchObject({ temperature: 0, max_tokens: 50 });
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('answers with the default reply when nothing is scripted', async () => {
    expect(await completeChat(cfg, messages)).toBe('You said: Summarize: café opening');
  });

  it.each([1, 2, 3, 4, 5])('decodes UTF-8 split every %i byte(s), through events and characters', async (splitBytes) => {
    const text = 'café — naïve 🚀';
    fake.script({ kind: 'text', text, chunkSize: 2, splitBytes });
    const deltas = await collect(streamChat(cfg, messages));
    expect(deltas).toEqual(['ca', 'fé', ' —', ' n', 'aï', 've', ' 🚀']);
  });

  it('ignores keep-alive comments and reads CRLF events', async () => {
    fake.script({ kind: 'text', text: 'Line one.\nLine two.', chunkSize: 5, eol: '\r\n', keepAlive: true });
    expect(await completeChat(cfg, messages)).toBe('Line one.\nLine two.');
  });

  it('reads CRLF events whose CR and LF arrive in different reads', async () => {
    fake.script({ kind: 'text', text: 'split — CR|LF', chunkSize: 4, eol: '\r\n', keepAlive: true, splitBytes: 1 });
    expect(await completeChat(cfg, messages)).toBe('split — CR|LF');
  });

  it('accepts a stream that ends after finish_reason without [DONE]', async () => {
    fake.script({ kind: 'text', text: 'no done marker', omitDone: true });
    expect(await completeChat(cfg, messages)).toBe('no done marker');
  });

  it('accepts a non-streaming JSON completion', async () => {
    fake.script({ kind: 'json', text: 'The whole answer at once.' });
    expect(await collect(streamChat(cfg, messages))).toEqual(['The whole answer at once.']);
  });

  it('429 gives TOO_MANY_REQUESTS with Retry-After seconds, without retrying', async () => {
    fake.script({ kind: 'status', status: 429, headers: { 'retry-after': '20' } });
    const err = await failure(completeChat(cfg, messages));
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.message).toBe('The AI service is rate limiting requests. Try again in 20 seconds.');
    expect(err.data).toEqual({ retryAfterSeconds: 20 });
    expect(fake.requests).toHaveLength(1);
  });

  it('429 reads Retry-After as an HTTP date, and defaults to 30 seconds', async () => {
    fake.script({ kind: 'status', status: 429, headers: { 'retry-after': new Date(Date.now() + 90_000).toUTCString() } }, { kind: 'status', status: 429 });
    const dated = await failure(completeChat(cfg, messages));
    const s = dated.data?.retryAfterSeconds as number;
    expect(s).toBeGreaterThanOrEqual(85);
    expect(s).toBeLessThanOrEqual(90);
    const plain = await failure(completeChat(cfg, messages));
    expect(plain.message).toBe('The AI service is rate limiting requests. Try again in 30 seconds.');
    expect(plain.data).toEqual({ retryAfterSeconds: 30 });
  });

  it("500 gives BAD_GATEWAY with the vendor's message", async () => {
    fake.script({ kind: 'status', status: 500, body: { error: { message: 'The server had an error while processing your request.', type: 'server_error' } } });
    const err = await failure(completeChat(cfg, messages));
    expect(err.code).toBe('BAD_GATEWAY');
    expect(err.message).toBe('The AI service answered HTTP 500: The server had an error while processing your request.');
  });

  it('cuts a long vendor message to 200 characters, and reads Ollama-style {error: "..."}', async () => {
    fake.script(
      { kind: 'status', status: 503, body: { error: { message: 'x'.repeat(500) } } },
      { kind: 'status', status: 404, body: { error: "model 'llama9' not found" } },
    );
    expect((await failure(completeChat(cfg, messages))).message).toBe(`The AI service answered HTTP 503: ${'x'.repeat(200)}`);
    expect((await failure(completeChat(cfg, messages))).message).toBe("The AI service answered HTTP 404: model 'llama9' not found");
  });

  it('a wrong path is a 404 with the endpoint in the message', async () => {
    const err = await failure(completeChat({ ...cfg, baseUrl: `${fake.url}/nope` }, messages));
    expect(err.code).toBe('BAD_GATEWAY');
    expect(err.message).toBe('The AI service answered HTTP 404: Unknown request URL: POST /v1/nope/chat/completions. Please check the URL for typos.');
  });

  it('401 names AI_API_KEY and never the key', async () => {
    const guarded = await startFakeOpenAI({ apiKey: 'sk-right-key' });
    try {
      const secret = 'sk-wrong-secret-987';
      const err = await failure(completeChat({ ...cfg, baseUrl: guarded.url, apiKey: secret }, messages));
      expect(err.code).toBe('BAD_GATEWAY');
      expect(err.message).toBe('The AI service refused the API key (HTTP 401). Check AI_API_KEY.');
      expect(JSON.stringify({ m: err.message, d: err.data })).not.toContain(secret);
      expect(await completeChat({ ...cfg, baseUrl: guarded.url, apiKey: 'sk-right-key' }, messages)).toBe('You said: Summarize: café opening');
    } finally {
      await guarded.close();
    }
  });

  it('403 is refused the same way', async () => {
    fake.script({ kind: 'status', status: 403 });
    expect((await failure(completeChat(cfg, messages))).message).toBe('The AI service refused the API key (HTTP 403). Check AI_API_KEY.');
  });

  it('the key is masked if a vendor message repeats it', async () => {
    fake.script({ kind: 'status', status: 400, body: { error: { message: 'Key sk-test-123 is not allowed for this model' } } });
    expect((await failure(completeChat(cfg, messages))).message).toBe('The AI service answered HTTP 400: Key [hidden] is not allowed for this model');
  });

  it('a redirect is not followed: the key never travels to the address it names', async () => {
    const elsewhere = await startFakeOpenAI();
    try {
      fake.script({ kind: 'status', status: 307, headers: { location: `${elsewhere.url}/chat/completions` } });
      const err = await failure(completeChat(cfg, messages));
      expect(err.code).toBe('BAD_GATEWAY');
      expect(err.message).toBe('The AI service answered HTTP 307, a redirect, which is not followed. Check AI_BASE_URL.');
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('no answer within firstByteTimeoutMs is GATEWAY_TIMEOUT and the request is closed', async () => {
    fake.script({ kind: 'hang' });
    const err = await failure(completeChat({ ...cfg, firstByteTimeoutMs: 200 }, messages));
    expect(err.code).toBe('GATEWAY_TIMEOUT');
    expect(err.message).toBe('The AI service did not answer within 0.2 seconds.');
    expect(await fake.requests[0]!.closed).toBe('aborted');
  });

  it('a stream that stalls for idleTimeoutMs is GATEWAY_TIMEOUT after the text it sent', async () => {
    fake.script({ kind: 'stall-after', text: 'Half an answ' });
    const got: string[] = [];
    const err = await failure(
      (async () => {
        for await (const d of streamChat({ ...cfg, idleTimeoutMs: 200 }, messages)) got.push(d);
      })(),
    );
    expect(err.code).toBe('GATEWAY_TIMEOUT');
    expect(err.message).toBe('The AI service did not answer within 0.2 seconds.');
    expect(got.join('')).toBe('Half an answ');
    expect(await fake.requests[0]!.closed).toBe('aborted');
  });

  it('a connection cut mid-answer is BAD_GATEWAY', async () => {
    fake.script({ kind: 'cut', text: 'Cut off here' });
    const got: string[] = [];
    const err = await failure(
      (async () => {
        for await (const d of streamChat(cfg, messages)) got.push(d);
      })(),
    );
    expect(err.code).toBe('BAD_GATEWAY');
    expect(err.message).toBe('The AI service closed the connection mid-answer.');
    expect(got.join('')).toBe('Cut off here');
  });

  it('an error object in the stream is BAD_GATEWAY with its message', async () => {
    fake.script({ kind: 'stream-error', message: 'The model is overloaded.' });
    const err = await failure(completeChat(cfg, messages));
    expect(err.code).toBe('BAD_GATEWAY');
    expect(err.message).toBe('The AI service reported an error: The model is overloaded.');
  });

  it('a closed port is BAD_GATEWAY naming the network error', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const err = await failure(completeChat({ ...cfg, baseUrl: `http://127.0.0.1:${port}/v1` }, messages));
    expect(err.code).toBe('BAD_GATEWAY');
    expect(err.message).toBe('The AI service could not be reached (ECONNREFUSED).');
  });

  it('a base URL that is not http(s) is refused before any request', async () => {
    const err = await failure(completeChat({ ...cfg, baseUrl: 'ftp://example.org/v1' }, messages));
    expect(err.message).toBe('The AI service address (AI_BASE_URL) is not an http(s) URL.');
  });

  it("the consumer's break closes the request", async () => {
    fake.script({ kind: 'text', text: 'a long answer that keeps coming', chunkSize: 1, delayMs: 20 });
    const got: string[] = [];
    for await (const d of streamChat(cfg, messages)) {
      got.push(d);
      if (got.length === 2) break;
    }
    expect(got).toEqual(['a', ' ']);
    expect(await fake.requests[0]!.closed).toBe('aborted');
  });

  it("the caller's signal stops the request and the generator throws its reason", async () => {
    fake.script({ kind: 'text', text: 'a long answer that keeps coming', chunkSize: 1, delayMs: 20 });
    const controller = new AbortController();
    const reason = new Error('creator left the page');
    const got: string[] = [];
    const err = await (async () => {
      for await (const d of streamChat(cfg, messages, { signal: controller.signal })) {
        got.push(d);
        if (got.length === 3) controller.abort(reason);
      }
    })().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBe(reason);
    expect(got).toEqual(['a', ' ', 'l']);
    expect(await fake.requests[0]!.closed).toBe('aborted');
  });

  it('a signal aborted while waiting for the answer ends the wait', async () => {
    fake.script({ kind: 'hang' });
    const controller = new AbortController();
    const reason = new Error('stop');
    const pending = completeChat(cfg, messages, { signal: controller.signal });
    while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(await fake.requests[0]!.closed).toBe('aborted');
  });

  it('an already aborted signal sends nothing', async () => {
    const reason = new Error('already gone');
    await expect(completeChat(cfg, messages, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('modelConfigFromEnv', () => {
  it('is null without AI_BASE_URL or AI_MODEL', () => {
    expect(modelConfigFromEnv({})).toBeNull();
    expect(modelConfigFromEnv({ AI_BASE_URL: 'https://api.openai.com/v1' })).toBeNull();
    expect(modelConfigFromEnv({ AI_MODEL: 'gpt-4o-mini', AI_API_KEY: 'sk-x' })).toBeNull();
    expect(modelConfigFromEnv({ AI_BASE_URL: '  ', AI_MODEL: 'gpt-4o-mini' })).toBeNull();
  });

  it('reads the three variables, dropping the trailing slash', () => {
    expect(modelConfigFromEnv({ AI_BASE_URL: 'https://api.openai.com/v1/', AI_API_KEY: 'sk-abc', AI_MODEL: 'gpt-4o-mini' })).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-abc',
      model: 'gpt-4o-mini',
    });
  });

  it('has no key for a local server, and accepts the full endpoint URL', () => {
    expect(modelConfigFromEnv({ AI_BASE_URL: 'http://localhost:11434/v1/chat/completions', AI_API_KEY: '', AI_MODEL: 'llama3.2' })).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: null,
      model: 'llama3.2',
    });
  });
});
