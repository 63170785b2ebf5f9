// The client of an OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, LM Studio, ...):
// the shared guarded vendor call (net/vendor-http.ts: no redirects, the key scrubbed), streamed
// Server-Sent Events, and vendor failures turned into AppErrors a creator can read.
import { AppError } from '../errors';
import { openVendor, scrubSecrets, secondsText, VendorError } from '../net/vendor-http';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ModelConfig {
  baseUrl: string; // without trailing slash; requests go to `${baseUrl}/chat/completions`
  apiKey: string | null; // sent as `Authorization: Bearer <key>` when set
  model: string;
  /** ms to wait for the response headers / first chunk (default 30_000) */
  firstByteTimeoutMs?: number;
  /** ms allowed between two chunks once streaming (default 30_000) */
  idleTimeoutMs?: number;
  maxTokens?: number; // default 1200, sent as max_tokens
}

interface ChatOptions {
  signal?: AbortSignal;
  temperature?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_TOKENS = 1200;
const DEFAULT_TEMPERATURE = 0.3;
const DEFAULT_RETRY_AFTER_SECONDS = 30;
const VENDOR = 'The AI service';

/** Reads AI_BASE_URL / AI_API_KEY / AI_MODEL; null when AI_BASE_URL or AI_MODEL is missing. */
export function modelConfigFromEnv(env: { AI_BASE_URL?: string; AI_API_KEY?: string; AI_MODEL?: string }): ModelConfig | null {
  const baseUrl = env.AI_BASE_URL?.trim();
  const model = env.AI_MODEL?.trim();
  if (!baseUrl || !model) return null;
  return {
    // Operators often paste the full endpoint from a vendor's docs; the client adds that part itself.
    baseUrl: trimBase(baseUrl).replace(/\/chat\/completions$/i, ''),
    apiKey: env.AI_API_KEY?.trim() || null,
    model,
  };
}

/**
 * One deadline at a time on a request: until the first bytes of the body, then between two reads of the
 * body. It never runs while the consumer holds a delta, so a slow consumer is not the service's fault.
 */
export function deadline(controller: AbortController) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let expiredMs = 0;
  return {
    arm(ms: number) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        expiredMs = ms;
        controller.abort();
      }, ms);
    },
    disarm: () => clearTimeout(timer),
    /** The deadline (ms) that ran out and aborted the request; 0 while none has. */
    expired: () => expiredMs,
  };
}
type Deadline = ReturnType<typeof deadline>;

/** The JSON body of a streamed completion. */
export function chatBody(cfg: ModelConfig, messages: ChatMessage[], temperature?: number): string {
  return JSON.stringify({
    model: cfg.model,
    messages,
    stream: true,
    temperature: temperature ?? DEFAULT_TEMPERATURE,
    max_tokens: cfg.maxTokens ?? DEFAULT_MAX_TOKENS,
  });
}

/** What stopped a request, when it was us: `interruption` names our deadline or the caller's abort. */
interface Call {
  signal: AbortSignal;
  timeoutMs: number;
  interruption: () => unknown;
}

/** The service's response headers, or the AppError its failure is (or the interruption that caused it). */
export async function openChat(cfg: ModelConfig, url: string, body: string, call: Call): Promise<Response> {
  try {
    return await openVendor(VENDOR, {
      url,
      method: 'POST',
      auth: cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {},
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body,
      signal: call.signal,
      timeoutMs: call.timeoutMs,
    });
  } catch (err) {
    throw call.interruption() ?? vendorFailure(err);
  }
}

/** The whole body of a server that ignored stream:true, read under the idle deadline. */
export async function wholeBody(res: Response, clock: Deadline, idleMs: number, interruption: () => unknown): Promise<string> {
  clock.arm(idleMs);
  try {
    return await res.text();
  } catch {
    throw interruption() ?? midAnswer();
  }
}

/**
 * One event's data: its text delta ('' for none, null for the closing [DONE]) and whether its choice
 * carried finish_reason. Throws on an in-stream error.
 */
export function eventDelta(data: string, redact: (s: string) => string): { delta: string | null; finished: boolean } {
  if (data === '[DONE]') return { delta: null, finished: false };
  if (!data.trim()) return { delta: '', finished: false };
  let chunk: StreamChunk;
  try {
    chunk = JSON.parse(data) as StreamChunk;
  } catch {
    throw new AppError('BAD_GATEWAY', 'The AI service sent a chunk that is not valid JSON.');
  }
  const failure = errorMessage(chunk);
  if (failure) throw new AppError('BAD_GATEWAY', `The AI service reported an error: ${cut(redact(failure))}`);
  const choice = chunk?.choices?.[0];
  const content = choice?.delta?.content;
  return { delta: typeof content === 'string' ? content : '', finished: !!choice?.finish_reason };
}

export interface EventStream {
  reader: ReadableStreamDefaultReader<Uint8Array>;
  /** The caller's signal: an abort while the caller held a delta stops the events of the same read. */
  signal?: AbortSignal;
  clock: Deadline;
  idleMs: number;
  interruption: () => unknown;
  redact: (s: string) => string;
}

/**
 * The text deltas of the event stream as they arrive, each read under the idle deadline. Returns true
 * once the answer is whole: [DONE], or the end (or a dropped connection) after a chunk's finish_reason.
 */
export async function* streamedDeltas(s: EventStream): AsyncGenerator<string, boolean> {
  const decoder = new TextDecoder('utf-8');
  const events = new SseEvents();
  let finished = false; // a chunk carried finish_reason
  let firstRead = true;
  for (;;) {
    if (!firstRead) s.clock.arm(s.idleMs);
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await s.reader.read();
    } catch {
      const stop = s.interruption();
      if (stop) throw stop;
      // The connection dropped after the last chunk said it was the last: the answer is whole.
      if (finished) return true;
      throw midAnswer();
    }
    s.clock.disarm();
    firstRead = false;
    const text = read.done ? decoder.decode() : decoder.decode(read.value, { stream: true });
    for (const data of events.push(text, read.done)) {
      const event = eventDelta(data, s.redact);
      if (event.finished) finished = true;
      if (event.delta === null) return true;
      if (event.delta) {
        yield event.delta;
        // The caller may abort while holding a delta; later events of the same read must not follow.
        s.signal?.throwIfAborted();
      }
    }
    if (read.done) {
      if (!finished) throw midAnswer();
      return true;
    }
  }
}

/**
 * Streams the assistant's text deltas (choices[0].delta.content) as they arrive.
 *
 * Throws AppError for every failure of the AI service (TOO_MANY_REQUESTS, BAD_GATEWAY, GATEWAY_TIMEOUT).
 * When the caller's signal aborts, the request is aborted and the generator throws the signal's reason
 * (the same rule as fetch). Leaving the loop early (`break`) cancels the request.
 */
export async function* streamChat(cfg: ModelConfig, messages: ChatMessage[], opts: ChatOptions = {}): AsyncGenerator<string> {
  const { signal } = opts;
  signal?.throwIfAborted();
  const url = endpoint(cfg.baseUrl);
  const firstByteMs = cfg.firstByteTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const idleMs = cfg.idleTimeoutMs ?? DEFAULT_TIMEOUT_MS;

  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const clock = deadline(controller);
  /** The error to throw when our own deadline or the caller stopped the request; undefined otherwise. */
  const interruption = (): unknown => {
    if (clock.expired()) return timedOut(clock.expired());
    if (signal?.aborted) return signal.reason;
    return undefined;
  };
  const redact = (text: string) => scrubSecrets(text, cfg.apiKey ? [cfg.apiKey] : []);

  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let complete = false;
  try {
    clock.arm(firstByteMs);
    const res = await openChat(cfg, url, chatBody(cfg, messages, opts.temperature), { signal: controller.signal, timeoutMs: firstByteMs, interruption });
    if (/application\/json/i.test(res.headers.get('content-type') ?? '')) {
      // A server that ignored stream:true answers the whole completion at once.
      const text = await wholeBody(res, clock, idleMs, interruption);
      complete = true;
      const content = wholeAnswer(text, redact);
      if (content) yield content;
      return;
    }
    if (!res.body) throw midAnswer();
    reader = res.body.getReader();
    complete = yield* streamedDeltas({ reader, signal, clock, idleMs, interruption, redact });
  } finally {
    clock.disarm();
    signal?.removeEventListener('abort', onAbort);
    // Nothing after [DONE] matters, and an early exit (error, abort, the consumer's break) must not
    // leave the socket streaming.
    await reader?.cancel().catch(() => undefined);
    if (!complete) controller.abort();
  }
}

/** The whole answer (built on streamChat). */
export async function completeChat(cfg: ModelConfig, messages: ChatMessage[], opts: ChatOptions = {}): Promise<string> {
  let answer = '';
  for await (const delta of streamChat(cfg, messages, opts)) answer += delta;
  return answer;
}

interface StreamChunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  error?: unknown;
}

/**
 * Server-Sent Events as the WHATWG spec reads them: lines end with CRLF, LF or CR, `data:` lines of one
 * event are joined by LF, a blank line ends the event, lines starting with ':' are comments.
 */
export class SseEvents {
  private buffer = '';
  private data: string[] | null = null;

  /** Feeds decoded text; returns the data of every event completed by it. `final` flushes the rest. */
  push(text: string, final: boolean): string[] {
    this.buffer += text;
    const out: string[] = [];
    const eol = /\r\n|\r|\n/g;
    let start = 0;
    for (let m = eol.exec(this.buffer); m; m = eol.exec(this.buffer)) {
      // A CR at the very end may be the first half of a CRLF that the next read completes.
      if (m[0] === '\r' && m.index === this.buffer.length - 1 && !final) break;
      this.line(this.buffer.slice(start, m.index), out);
      start = m.index + m[0].length;
    }
    this.buffer = this.buffer.slice(start);
    if (final) {
      if (this.buffer) this.line(this.buffer, out);
      this.buffer = '';
      // Lenient about a last event without its blank line (some servers end with `data: [DONE]\n`).
      this.line('', out);
    }
    return out;
  }

  private line(line: string, out: string[]) {
    if (line === '') {
      if (this.data) out.push(this.data.join('\n'));
      this.data = null;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    (this.data ??= []).push(value);
  }
}

function trimBase(url: string): string {
  return url.replace(/\/+$/, '');
}

function endpoint(baseUrl: string): string {
  const url = `${trimBase(baseUrl)}/chat/completions`;
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    // reported below
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw new AppError('BAD_GATEWAY', 'The AI service address (AI_BASE_URL) is not an http(s) URL.');
  return url;
}

function midAnswer(): AppError {
  return new AppError('BAD_GATEWAY', 'The AI service closed the connection mid-answer.');
}

function timedOut(ms: number): AppError {
  return new AppError('GATEWAY_TIMEOUT', `The AI service did not answer within ${secondsText(ms)}.`);
}

function cut(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? flat.slice(0, 200) : flat;
}

/** The error sentence of an OpenAI-style body ({error:{message}}) or the shapes other servers use. */
function errorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { error?: unknown; message?: unknown; detail?: unknown };
  if (typeof b.error === 'string' && b.error) return b.error;
  if (b.error && typeof b.error === 'object') {
    const m = (b.error as { message?: unknown }).message;
    return typeof m === 'string' && m ? m : 'no details given';
  }
  return undefined;
}

/** The AppError a failed call to the service is (the answer's text is already scrubbed of the key). */
function vendorFailure(err: unknown): unknown {
  if (!(err instanceof VendorError)) return err;
  const { status, body } = err.details;
  switch (err.reason) {
    case 'timeout':
      return timedOut(err.details.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    case 'canceled':
    case 'unreachable':
      return new AppError('BAD_GATEWAY', `The AI service could not be reached (${err.details.networkCode ?? 'network error'}).`);
    case 'rate-limited': {
      const ms = err.retryAfterMs;
      const retryAfterSeconds = ms === undefined ? DEFAULT_RETRY_AFTER_SECONDS : Math.max(1, Math.ceil(ms / 1000));
      return new AppError(
        'TOO_MANY_REQUESTS',
        `The AI service is rate limiting requests. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
        { retryAfterSeconds },
      );
    }
    case 'refused':
      return new AppError('BAD_GATEWAY', `The AI service refused the API key (HTTP ${status}). Check AI_API_KEY.`);
    case 'redirect':
      return new AppError('BAD_GATEWAY', `The AI service answered HTTP ${status}, a redirect, which is not followed. Check AI_BASE_URL.`);
    default: {
      const b = body as { message?: unknown; detail?: unknown } | null;
      const detail = errorMessage(b) ?? [b?.message, b?.detail].find((v): v is string => typeof v === 'string' && v !== '');
      return new AppError('BAD_GATEWAY', detail ? `The AI service answered HTTP ${status}: ${cut(detail)}` : `The AI service answered HTTP ${status}.`);
    }
  }
}

/** The text of a non-streaming completion (choices[0].message.content). */
function wholeAnswer(text: string, redact: (s: string) => string): string {
  let body: { choices?: { message?: { content?: unknown } }[] };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new AppError('BAD_GATEWAY', 'The AI service sent an answer that is not valid JSON.');
  }
  const failure = errorMessage(body);
  if (failure) throw new AppError('BAD_GATEWAY', `The AI service reported an error: ${cut(redact(failure))}`);
  const content = body?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new AppError('BAD_GATEWAY', 'The AI service sent an answer without text.');
  return content;
}
