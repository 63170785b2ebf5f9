// The chat client's steps one by one: the deadline, the request body, opening the call, a whole (non
// streaming) body, one event's delta, and the stream of deltas.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src/server/errors';
import { chatBody, deadline, eventDelta, openChat, streamedDeltas, wholeBody, type EventStream } from '../../../src/server/ai/model';
import { startFakeOpenAI } from '../../helpers/fake-openai';

const same = (s: string) => s;
const cfg = { baseUrl: 'http://127.0.0.1:1', apiKey: 'sk-secret', model: 'm' };

/** A reader over these chunks of text, then the end (or a dropped connection when `drop`). */
function readerOf(chunks: string[], drop = false): ReadableStreamDefaultReader<Uint8Array> {
  const enc = new TextEncoder();
  const left = [...chunks];
  return new ReadableStream<Uint8Array>({
    pull(c) {
      const next = left.shift();
      if (next !== undefined) c.enqueue(enc.encode(next));
      else if (drop) c.error(new Error('socket hang up'));
      else c.close();
    },
  }).getReader();
}

function streamOf(reader: ReadableStreamDefaultReader<Uint8Array>, o: Partial<EventStream> = {}): EventStream {
  return { reader, clock: deadline(new AbortController()), idleMs: 1000, interruption: () => undefined, redact: same, ...o };
}

async function drain(gen: AsyncGenerator<string, boolean>): Promise<{ deltas: string[]; whole: boolean }> {
  const deltas: string[] = [];
  for (;;) {
    const next = await gen.next();
    if (next.done) return { deltas, whole: next.value };
    deltas.push(next.value);
  }
}

afterEach(() => vi.useRealTimers());

describe('deadline', () => {
  it('aborts once the armed time passes and says which; re-arming or disarming stops the earlier one', () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const clock = deadline(controller);
    clock.arm(100);
    vi.advanceTimersByTime(90);
    clock.arm(50);
    vi.advanceTimersByTime(40);
    expect(controller.signal.aborted).toBe(false);
    clock.disarm();
    vi.advanceTimersByTime(1000);
    expect(clock.expired()).toBe(0);
    clock.arm(30);
    vi.advanceTimersByTime(30);
    expect(controller.signal.aborted).toBe(true);
    expect(clock.expired()).toBe(30);
  });
});

describe('chatBody', () => {
  it('asks for a stream with the defaults unless given', () => {
    expect(JSON.parse(chatBody(cfg, [{ role: 'user', content: 'hi' }]))).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      temperature: 0.3,
      max_tokens: 1200,
    });
    expect(JSON.parse(chatBody({ ...cfg, maxTokens: 50 }, [], 0.9))).toMatchObject({ temperature: 0.9, max_tokens: 50 });
  });
});

describe('openChat', () => {
  it('a service that cannot be reached is a BAD_GATEWAY AppError', async () => {
    const call = { signal: new AbortController().signal, timeoutMs: 2000, interruption: () => undefined };
    await expect(openChat(cfg, 'http://127.0.0.1:1/chat/completions', '{}', call)).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
  });

  it('our own interruption wins over the vendor failure it caused', async () => {
    const stop = new AppError('GATEWAY_TIMEOUT', 'late');
    const controller = new AbortController();
    controller.abort();
    await expect(
      openChat(cfg, 'http://127.0.0.1:1/chat/completions', '{}', { signal: controller.signal, timeoutMs: 2000, interruption: () => stop }),
    ).rejects.toBe(stop);
  });

  it('a refused key names AI_API_KEY; an answer is handed back as it came', async () => {
    const fake = await startFakeOpenAI();
    try {
      const call = { signal: new AbortController().signal, timeoutMs: 2000, interruption: () => undefined };
      fake.script({ kind: 'status', status: 401 });
      await expect(openChat({ ...cfg, baseUrl: fake.url }, `${fake.url}/chat/completions`, chatBody(cfg, []), call)).rejects.toThrow(/Check AI_API_KEY/);
      fake.script({ kind: 'text', text: 'ok' });
      const res = await openChat({ ...cfg, baseUrl: fake.url }, `${fake.url}/chat/completions`, chatBody(cfg, []), call);
      expect(res.status).toBe(200);
      await res.body?.cancel();
    } finally {
      await fake.close();
    }
  });
});

describe('wholeBody', () => {
  it('reads the body under the idle deadline', async () => {
    const clock = deadline(new AbortController());
    const arm = vi.spyOn(clock, 'arm');
    expect(await wholeBody(new Response('{"a":1}'), clock, 700, () => undefined)).toBe('{"a":1}');
    expect(arm).toHaveBeenCalledWith(700);
    clock.disarm();
  });

  it('a body that breaks off is the mid-answer error, or the interruption that broke it', async () => {
    const broken = () => new Response(new ReadableStream({ start: (c) => c.error(new Error('reset')) }));
    const clock = deadline(new AbortController());
    await expect(wholeBody(broken(), clock, 700, () => undefined)).rejects.toThrow('The AI service closed the connection mid-answer.');
    const stop = new Error('stopped');
    await expect(wholeBody(broken(), clock, 700, () => stop)).rejects.toBe(stop);
    clock.disarm();
  });
});

describe('eventDelta', () => {
  it('reads the delta and the finish of a chunk, [DONE] and empty data', () => {
    expect(eventDelta('{"choices":[{"delta":{"content":"Hi"}}]}', same)).toEqual({ delta: 'Hi', finished: false });
    expect(eventDelta('{"choices":[{"delta":{},"finish_reason":"stop"}]}', same)).toEqual({ delta: '', finished: true });
    expect(eventDelta('[DONE]', same)).toEqual({ delta: null, finished: false });
    expect(eventDelta('  ', same)).toEqual({ delta: '', finished: false });
  });

  it('refuses a chunk that is not JSON, and reports an in-stream error redacted', () => {
    expect(() => eventDelta('{', same)).toThrow('The AI service sent a chunk that is not valid JSON.');
    expect(() => eventDelta('{"error":{"message":"bad key sk-secret"}}', (s) => s.replace('sk-secret', '***'))).toThrow(
      'The AI service reported an error: bad key ***',
    );
  });
});

describe('streamedDeltas', () => {
  const chunk = (text: string, finish = false) =>
    `data: ${JSON.stringify({ choices: [{ delta: { content: text }, finish_reason: finish ? 'stop' : null }] })}\n\n`;

  it('yields the deltas across reads and is whole at [DONE]', async () => {
    const reader = readerOf([chunk('Hel'), chunk('lo').slice(0, 10), chunk('lo').slice(10), 'data: [DONE]\n\n']);
    expect(await drain(streamedDeltas(streamOf(reader)))).toEqual({ deltas: ['Hel', 'lo'], whole: true });
  });

  it('an end after a finish_reason is whole; an end without one is mid-answer', async () => {
    expect(await drain(streamedDeltas(streamOf(readerOf([chunk('A', true)]))))).toEqual({ deltas: ['A'], whole: true });
    await expect(drain(streamedDeltas(streamOf(readerOf([chunk('A')]))))).rejects.toThrow('mid-answer');
  });

  it('a dropped connection after the finish is whole; before it, the interruption or mid-answer', async () => {
    expect(await drain(streamedDeltas(streamOf(readerOf([chunk('A', true)], true))))).toEqual({ deltas: ['A'], whole: true });
    await expect(drain(streamedDeltas(streamOf(readerOf([chunk('A')], true))))).rejects.toThrow('mid-answer');
    const stop = new Error('timed out');
    await expect(drain(streamedDeltas(streamOf(readerOf([chunk('A')], true), { interruption: () => stop })))).rejects.toBe(stop);
  });

  it('an abort while the caller holds a delta stops the rest of the same read', async () => {
    const controller = new AbortController();
    const gen = streamedDeltas(streamOf(readerOf([chunk('A') + chunk('B')]), { signal: controller.signal }));
    expect((await gen.next()).value).toBe('A');
    controller.abort(new Error('left'));
    await expect(gen.next()).rejects.toThrow('left');
  });
});
