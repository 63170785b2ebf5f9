// Defect 2, second half: expensive procedures (assembly, exports, feed fetches) cost what they cost.
// Each passes a per-user gate: a few run at once, a few more wait, the rest are refused with 429; other
// users are not held up.
// @postgres
import { describe, it, expect, afterAll, beforeAll, vi } from 'vitest';
import { harnessWithAdmin, jsonRequest } from '../../helpers/app';
import { startFeedServer, fixture, type FeedServer } from '../../helpers/feed-server';
import { ConcurrencyGate, BUSY_MESSAGE, createGates } from '../../../src/server/concurrency';
import { AppError } from '../../../src/server/errors';
import { buildArticle } from '../workflow/factories';
import { signedIn } from '../newsletter/support';

describe('ConcurrencyGate', () => {
  it('runs inFlight at once, queues waiting more, refuses the rest, and keeps keys apart', async () => {
    const gate = new ConcurrencyGate({ inFlight: 2, waiting: 1, message: 'busy' });
    let active = 0;
    let peak = 0;
    let open!: () => void;
    const hold = new Promise<void>((r) => (open = r));
    const job = () =>
      gate.run('a', async () => {
        active += 1;
        peak = Math.max(peak, active);
        await hold;
        active -= 1;
        return 'done';
      });
    const running = [job(), job(), job()];
    await expect(job()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'busy' });
    await expect(job()).rejects.toBeInstanceOf(AppError);
    expect(gate.load('a')).toEqual({ running: 2, waiting: 1 });
    expect(await gate.run('b', () => 'other key')).toBe('other key');
    open();
    expect(await Promise.all(running)).toEqual(['done', 'done', 'done']);
    expect(peak).toBe(2);
    expect(gate.load('a')).toEqual({ running: 0, waiting: 0 });
  });

  it('a slot freed by a failure is reused', async () => {
    const gate = new ConcurrencyGate({ inFlight: 1, waiting: 0, message: 'busy' });
    await expect(gate.run('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run('k', () => 1)).toBe(1);
  });
});

describe('assembly', () => {
  const input = { newsletterName: 'Gate', themeId: 'market-watch', articles: [buildArticle()] };
  const batchOf = (n: number, cookie: string) => {
    const body = Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), input]));
    return [`/api/trpc/${Array.from({ length: n }, () => 'wizard.assemble').join(',')}?batch=1`, jsonRequest('POST', body, { cookie })] as const;
  };

  /**
   * The render gate, except that one user's first call keeps its slot until `expected` of that user's
   * calls have reached the gate. Each request checks its session before it reaches the gate, and on
   * Postgres that check waits for the network while the first calls render, so a second batch could
   * arrive after some calls had finished and rightly be served; held, the two batches meet the gate
   * while one call runs, whatever the database.
   */
  class HeldUntilArrived extends ConcurrencyGate {
    private arrived = 0;
    private holding = true;
    private readonly allArrived: Promise<void>;
    private open!: () => void;
    constructor(
      private readonly key: () => string,
      private readonly expected: number,
    ) {
      super(createGates().render.limits);
      this.allArrived = new Promise((r) => (this.open = r));
    }
    override async acquire(key: string) {
      if (key === this.key() && ++this.arrived === this.expected) this.open();
      const release = await super.acquire(key);
      if (key === this.key() && this.holding) {
        this.holding = false;
        await this.allArrived;
      }
      return release;
    }
  }

  it('one user’s parallel batches queue behind each other and overflow with 429; another user is served', async () => {
    let heldKey = '';
    const render = new HeldUntilArrived(() => heldKey, 20);
    const h = await harnessWithAdmin({ deps: { gates: { ...createGates(), render } } });
    const a = await signedIn(h, { planType: 'enterprise' });
    const b = await signedIn(h, { planType: 'enterprise' });
    heldKey = `user:${a.user.id}`;
    const [first, second, other] = await Promise.all([
      h.app.request(...batchOf(10, a.cookie)),
      h.app.request(...batchOf(10, a.cookie)),
      h.app.request(...batchOf(2, b.cookie)),
    ]);
    const codes = (r: Response) =>
      r.json().then((list: { result?: unknown; error?: { data: { httpStatus: number } } }[]) => list.map((x) => (x.result ? 200 : x.error!.data.httpStatus)));
    const all = [...(await codes(first)), ...(await codes(second))];
    // One runs, ten wait: of twenty calls, eleven are served and nine refused.
    expect(all.filter((c) => c === 200)).toHaveLength(11);
    expect(all.filter((c) => c === 429)).toHaveLength(9);
    expect(await codes(other)).toEqual([200, 200]);
  });
});

describe('feed fetches', () => {
  let server: FeedServer;
  const release: (() => void)[] = [];
  beforeAll(async () => {
    server = await startFeedServer({
      '/slow.xml': (_q, res) => {
        release.push(() => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(fixture('rss2.xml')));
      },
    });
  });
  afterAll(() => server.close());

  it('a user runs two at once, four wait, the seventh is refused with the busy message', async () => {
    const h = await harnessWithAdmin({ env: { FETCH_ALLOW_HOSTS: server.allowHost } });
    const { cookie } = await signedIn(h, { planType: 'enterprise' });
    const call = (i: number) =>
      h.app.request(
        '/api/ai-magic/channel-articles',
        jsonRequest('POST', { channelName: `Slow ${i}`, channelUrl: server.url(`/slow.xml?i=${i}`) }, { cookie }),
      );
    const pending = Array.from({ length: 7 }, (_, i) => Promise.resolve(call(i)));
    const refused = await Promise.race(pending.map((p, i) => p.then((r) => ({ i, r }))));
    expect(refused.r.status).toBe(429);
    expect(await refused.r.json()).toMatchObject({ message: BUSY_MESSAGE });
    // Two requests reach the feed server; the others wait their turn.
    await vi.waitFor(() => expect(release).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(release).toHaveLength(2);
    const drain = setInterval(() => release.splice(0).forEach((f) => f()), 5);
    const rest = await Promise.all(pending.filter((_, i) => i !== refused.i));
    clearInterval(drain);
    expect(rest.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
