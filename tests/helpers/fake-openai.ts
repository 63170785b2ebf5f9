// A loopback fake of OpenAI's POST /v1/chat/completions with the documented request and response shapes
// (streamed chat.completion.chunk events ending in `data: [DONE]`), scriptable to fail the ways real servers do.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request body as JSON.parse gives it; tests read whichever fields they check. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JsonBody = any;

export interface FakeRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (the raw text when it is not JSON). */
  body: JsonBody;
  /** Settles when the exchange is over: 'finished' when the answer was sent whole, 'aborted' when the client left first. */
  closed: Promise<'finished' | 'aborted'>;
}

export interface FakeOpenAI {
  url: string; // base URL, e.g. http://127.0.0.1:PORT/v1
  requests: FakeRequest[]; // every request received, parsed JSON body
  /** What the next requests do (a queue; when empty, `reply` answers). */
  script(...steps: FakeStep[]): void;
  /** Default answer: a function of the request body returning the full text; streamed in small chunks. */
  reply: (body: JsonBody) => string;
  close(): Promise<void>;
}

export type FakeStep =
  | {
      kind: 'text';
      text: string;
      /** Characters (code points) of text per chunk; default 4. */
      chunkSize?: number;
      /** Pause between two writes; default 0 (slices of splitBytes still wait for the next turn of the event loop). */
      delayMs?: number;
      /** Line ending of the event stream; default '\n'. */
      eol?: '\n' | '\r\n';
      /** Send a `: keep-alive` comment before every event. */
      keepAlive?: boolean;
      /** Write the event stream in slices of this many bytes, cutting through events and UTF-8 characters. */
      splitBytes?: number;
      /** End after the finish_reason chunk without `data: [DONE]` (some compatible servers do). */
      omitDone?: boolean;
    } // normal streamed answer
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> } // e.g. 429 with Retry-After, 500 with {error:{message}}
  | { kind: 'hang' } // accept and never answer
  | { kind: 'stall-after'; text: string } // stream some text then stall forever
  | { kind: 'cut'; text: string } // stream some text then destroy the socket, no [DONE]
  | { kind: 'stream-error'; message: string } // data: {"error":{...}} in the stream
  | { kind: 'json'; text: string }; // non-streaming JSON completion

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** OpenAI's error body: { error: { message, type, param, code } }. */
export function openAIError(message: string, type = 'invalid_request_error', code: string | null = null) {
  return { error: { message, type, param: null, code } };
}

function defaultError(status: number) {
  if (status === 429) return openAIError('Rate limit reached for requests. Please try again later.', 'requests', 'rate_limit_exceeded');
  if (status >= 500) return openAIError('The server had an error while processing your request. Sorry about that!', 'server_error');
  return openAIError(`Request failed with status ${status}.`);
}

/** Splits text into chunks of `size` code points, so no chunk ends inside a surrogate pair. */
function pieces(text: string, size: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

export async function startFakeOpenAI(opts: { reply?: (body: JsonBody) => string; apiKey?: string } = {}): Promise<FakeOpenAI> {
  const requests: FakeRequest[] = [];
  const queue: FakeStep[] = [];
  const sockets = new Set<Socket>();
  let seq = 0;

  const chunk = (model: string, id: string, created: number, delta: { role?: 'assistant'; content?: string }, finish: 'stop' | null = null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    system_fingerprint: 'fp_fake',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });

  /** The documented event stream of one answer: the role chunk, content chunks, the finish chunk, [DONE]. */
  const events = (body: { model?: string }, text: string, chunkSize: number, withFinish: boolean) => {
    const id = `chatcmpl-fake${++seq}`;
    const created = Math.floor(Date.now() / 1000);
    const model = String(body?.model ?? 'fake-model');
    const out: object[] = [chunk(model, id, created, { role: 'assistant', content: '' })];
    for (const p of pieces(text, chunkSize)) out.push(chunk(model, id, created, { content: p }));
    if (withFinish) out.push(chunk(model, id, created, {}, 'stop'));
    return out;
  };

  const sseHead = (res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
  };
  const write = (res: http.ServerResponse, data: string | Buffer) =>
    new Promise<void>((resolve) => {
      if (res.destroyed) return resolve();
      res.write(data, () => resolve());
    });

  const answer = async (step: FakeStep, body: JsonBody, req: http.IncomingMessage, res: http.ServerResponse) => {
    switch (step.kind) {
      case 'status': {
        res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
        res.end(JSON.stringify(step.body ?? defaultError(step.status)));
        return;
      }
      case 'hang':
        return;
      case 'json': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `chatcmpl-fake${++seq}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: String(body?.model ?? 'fake-model'),
            choices: [{ index: 0, message: { role: 'assistant', content: step.text, refusal: null }, logprobs: null, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
        return;
      }
      case 'stream-error': {
        sseHead(res);
        await write(res, `data: ${JSON.stringify(events(body, '', 4, false)[0])}\n\n`);
        await write(res, `data: ${JSON.stringify(openAIError(step.message, 'server_error'))}\n\n`);
        res.end();
        return;
      }
      case 'stall-after':
      case 'cut': {
        sseHead(res);
        for (const e of events(body, step.text, 4, false)) await write(res, `data: ${JSON.stringify(e)}\n\n`);
        if (step.kind === 'cut') {
          // Let the client read what was sent before the connection drops.
          await sleep(30);
          req.socket.destroy();
        }
        return;
      }
      case 'text': {
        // A client that asks for no stream gets the whole completion, as OpenAI does.
        if (body?.stream !== true) return answer({ kind: 'json', text: step.text }, body, req, res);
        const eol = step.eol ?? '\n';
        let stream = '';
        for (const e of events(body, step.text, step.chunkSize ?? 4, true)) {
          if (step.keepAlive) stream += `: keep-alive${eol}${eol}`;
          stream += `data: ${JSON.stringify(e)}${eol}${eol}`;
        }
        if (!step.omitDone) stream += `data: [DONE]${eol}${eol}`;
        sseHead(res);
        res.socket?.setNoDelay(true);
        const delay = step.delayMs ?? 0;
        const bytes = Buffer.from(stream, 'utf8');
        if (step.splitBytes) {
          for (let i = 0; i < bytes.length && !res.destroyed; i += step.splitBytes) {
            await write(res, bytes.subarray(i, i + step.splitBytes));
            // Without a pause the client's reads would merge the slices again.
            await (delay ? sleep(delay) : new Promise((resolve) => setImmediate(resolve)));
          }
        } else {
          for (const event of stream.split(`${eol}${eol}`).filter(Boolean)) {
            if (res.destroyed) break;
            await write(res, `${event}${eol}${eol}`);
            if (delay) await sleep(delay);
          }
        }
        if (!res.destroyed) res.end();
        return;
      }
    }
  };

  const fake: FakeOpenAI = {
    url: '',
    requests,
    script(...steps) {
      queue.push(...steps);
    },
    reply:
      opts.reply ??
      ((body: { messages?: { role: string; content: string }[] }) => {
        const last = [...(body?.messages ?? [])].reverse().find((m) => m.role === 'user');
        return `You said: ${last?.content ?? ''}`;
      }),
    close() {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // kept as text
      }
      const closed = new Promise<'finished' | 'aborted'>((resolve) => res.on('close', () => resolve(res.writableFinished ? 'finished' : 'aborted')));
      requests.push({ headers: { ...req.headers }, body, closed });

      const path = (req.url ?? '/').split('?')[0];
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(openAIError(`Unknown request URL: ${req.method} ${path}. Please check the URL for typos.`, 'invalid_request_error', 'unknown_url')),
        );
        return;
      }
      if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
        const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            given
              ? openAIError(`Incorrect API key provided: ${given.slice(0, 3)}***${given.slice(-2)}.`, 'invalid_request_error', 'invalid_api_key')
              : openAIError("You didn't provide an API key.", 'invalid_request_error'),
          ),
        );
        return;
      }
      if (!body || typeof body !== 'object') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify(openAIError('We could not parse the JSON body of your request.')));
        return;
      }
      const step = queue.shift() ?? { kind: 'text', text: fake.reply(body) };
      void answer(step, body, req, res).catch(() => res.destroy());
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
