// The API's contracts: every procedure validates what it is given, every procedure behind a documented
// /api path declares what it answers, reads are queries (GET, cacheable, retried by the client), and a
// read too long for a URL still reaches the server as a POST.
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { createTRPCClient } from '@trpc/client';
import { appRouter, type AppRouter } from '../../../src/server/routers';
import { apiLinks } from '../../../src/client/trpc';
import { createHarness, jsonRequest } from '../../helpers/app';
import { signUpRest } from './support';

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: unknown[];
  output?: unknown;
}

const defOf = (p: unknown): ProcedureDef => {
  if (typeof p !== 'function' || !('_def' in p)) throw new Error('not a procedure');
  return p._def as ProcedureDef;
};
const procedures = Object.entries<unknown>(appRouter._def.procedures).map(([name, p]) => ({ name, ...defOf(p) }));
const restDir = path.resolve(__dirname, '../../../src/server/rest');
const restSources = fs
  .readdirSync(restDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: f, text: fs.readFileSync(path.join(restDir, f), 'utf8') }));

/** Procedures the REST adapters call (`api.<router>.<procedure>(`). */
function restProcedures(): string[] {
  const names = new Set<string>();
  for (const { text } of restSources) for (const m of text.matchAll(/\bapi\.(\w+)\.(\w+)\(/g)) names.add(`${m[1]}.${m[2]}`);
  return [...names].sort();
}

describe('procedure contracts', () => {
  it('every procedure declares its input (z.void() when it takes none)', () => {
    expect(procedures.filter((p) => p.inputs.length === 0).map((p) => p.name)).toEqual([]);
  });

  it('every procedure behind a documented /api path declares its output', () => {
    const called = restProcedures();
    expect(called.length).toBeGreaterThan(40);
    const byName = new Map(procedures.map((p) => [p.name, p]));
    expect(called.filter((n) => !byName.has(n))).toEqual([]);
    expect(called.filter((n) => !byName.get(n)?.output)).toEqual([]);
  });

  it("the public pages' procedures (signup, blog, unsubscribe) declare what they answer, so nothing more leaves the server", () => {
    const publicApi = ['subscribers.publicPage', 'subscribers.signup', 'subscribers.confirm', 'blog.list', 'blog.bySlug', 'onboarding.unsubscribeInfo'];
    expect(publicApi.filter((n) => !procedures.find((p) => p.name === n)?.output)).toEqual([]);
  });

  it('the channel and article reads are queries', () => {
    const reads = ['channels.search', 'channels.discover', 'articles.listForChannel', 'articles.listForChannels'];
    expect(Object.fromEntries(reads.map((n) => [n, procedures.find((p) => p.name === n)?.type]))).toEqual(Object.fromEntries(reads.map((n) => [n, 'query'])));
  });

  it('the REST adapters call procedures without casting what they pass', () => {
    expect(restSources.filter(({ text }) => /\bas never\b/.test(text)).map((s) => s.file)).toEqual([]);
  });

  it('the /api edges answer errors through errorResponse and build contexts through requestContext', () => {
    const server = path.resolve(__dirname, '../../../src/server');
    const edges = [
      ...restSources.map((s) => ({ file: `rest/${s.file}`, text: s.text })),
      { file: 'app.ts', text: fs.readFileSync(path.join(server, 'app.ts'), 'utf8') },
      { file: 'http/upload-limit.ts', text: fs.readFileSync(path.join(server, 'http/upload-limit.ts'), 'utf8') },
    ];
    // Webhooks answer vendors in their own shape ({ error }), not the /api one.
    const api = edges.filter((e) => e.file !== 'rest/webhooks.ts');
    expect(api.filter((e) => /success:\s*false/.test(e.text)).map((e) => e.file)).toEqual([]);
    expect(edges.filter((e) => e.file !== 'rest/adapter.ts' && /\bcreateContext\(/.test(e.text)).map((e) => e.file)).toEqual([]);
  });
});

describe('reads over HTTP', () => {
  it('answers a read as a GET, and as a POST when its input is too long for a URL', async () => {
    const h = await createHarness();
    const { cookie } = await signUpRest(h, { email: 'reader@example.com' });
    const input = encodeURIComponent(JSON.stringify({ niche: 'technology' }));
    const get = await h.app.request(`/api/trpc/channels.search?input=${input}`, { headers: { cookie } });
    expect(get.status).toBe(200);
    expect(((await get.json()) as { result: { data: { data: unknown[] } } }).result.data.data.length).toBeGreaterThan(0);

    const post = await h.app.request('/api/trpc/channels.search', jsonRequest('POST', { niche: 'technology' }, { cookie }));
    expect(post.status).toBe(200);
    // A write is still refused over GET.
    const write = await h.app.request(`/api/trpc/channels.remove?input=${encodeURIComponent(JSON.stringify({ id: 'x' }))}`, { headers: { cookie } });
    expect(write.status).toBe(405);
  });
});

describe("the client's links", () => {
  const servers: ServerType[] = [];
  afterAll(() => servers.forEach((s) => s.close()));

  it('send a short read as a GET and a read too long for a URL (100 channels) as a POST, both answered', async () => {
    const h = await createHarness();
    const { cookie } = await signUpRest(h, { email: 'many-channels@example.com' });
    const server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
    servers.push(server);
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const sent: { method: string; urlLength: number }[] = [];
    const send: typeof fetch = (url, init) => {
      sent.push({ method: init?.method ?? 'GET', urlLength: String(url).length });
      return fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });
    };
    const client = createTRPCClient<AppRouter>({ links: apiLinks(base, send) });

    const found = await client.channels.search.query({ niche: 'technology' });
    expect(found.data.length).toBeGreaterThan(0);
    expect(sent.at(-1)?.method).toBe('GET');

    // Private addresses are refused before any network use, so each channel answers with its own error.
    const channels = Array.from({ length: 100 }, (_, i) => ({ name: `Channel ${i}`, url: `http://10.0.0.1/${'feed-'.repeat(60)}${i}.xml`, niche: 'general' }));
    const res = await client.articles.listForChannels.query({ channels, dateRange: null });
    expect(res.errors).toHaveLength(100);
    expect(sent.at(-1)).toMatchObject({ method: 'POST' });
    expect(sent.at(-1)!.urlLength).toBeLessThan(200);
  });
});
