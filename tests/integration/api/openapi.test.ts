// The OpenAPI document: served at /api/v1/openapi.json, valid OpenAPI 3.1 (checked by an independent
// validator), listing every route with its method; the committed client types are what openapi-typescript
// makes of it today; and a client built from those types (openapi-fetch) runs a whole journey.
// @postgres
import { describe, it, expect } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import createClient from 'openapi-fetch';
import fs from 'node:fs';
import { harnessWithAdmin } from '../../helpers/app';
import { V1_ROUTES } from '../../../src/server/rest/v1/routes';
import { generatedApiTypes } from '../../fixtures/api-types-source';
import type { paths } from '../../fixtures/api-v1';
import { readyPublication, articles, newId } from '../delivery/send-support';

describe('/api/v1/openapi.json', () => {
  it('is valid OpenAPI 3.1 and lists every route with its method, needing no key', async () => {
    const h = await harnessWithAdmin();
    const res = await h.app.request('http://localhost:3000/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(listed.sort()).toEqual(V1_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('the committed client types are today’s generation (npm run api:types)', async () => {
    const committed = fs.readFileSync(new URL('../../fixtures/api-v1.ts', import.meta.url), 'utf8');
    expect(committed).toBe(await generatedApiTypes());
  });

  it('a client generated from it runs a journey: publications, subscribers by cursor, a newsletter, a scheduled send cancelled', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ email: 'script@example.com', planType: 'business', verified: true });
    const { secret } = await h.caller(user).apiKeys.create({ name: 'Journey', scope: 'write' });
    const pub = await readyPublication(h, user, 'Journey Weekly');
    const client = createClient<paths>({
      baseUrl: 'http://localhost:3000/api/v1',
      headers: { Authorization: `Bearer ${secret}` },
      fetch: (req) => Promise.resolve(h.app.request(req)),
    });

    const pubs = await client.GET('/publications');
    expect(pubs.data?.map((p) => p.name)).toEqual(['Journey Weekly']);

    for (const email of ['ada@example.com', 'bea@example.com', 'cy@example.com']) {
      const added = await client.POST('/publications/{publicationId}/subscribers', { params: { path: { publicationId: pub.id } }, body: { email } });
      expect(added.response.status).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.GET('/publications/{publicationId}/subscribers', { params: { path: { publicationId: pub.id }, query: { limit: 2, cursor } } });
      seen.push(...page.data!.subscribers.map((s) => s.email));
      cursor = page.data!.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.sort()).toEqual(['ada@example.com', 'bea@example.com', 'cy@example.com']);

    const made = await client.POST('/newsletters', { body: { publicationId: pub.id, title: 'Via the client', articles } });
    expect(made.data?.articleCount).toBe(2);
    const fetched = await client.GET('/newsletters/{id}', { params: { path: { id: made.data!.id } } });
    expect(fetched.data?.title).toBe('Via the client');

    const at = new Date(Date.now() + 2 * 3600_000).toISOString();
    const send = await client.POST('/publications/{publicationId}/sends', {
      params: { path: { publicationId: pub.id } },
      body: { id: newId(), scheduledAt: at },
    });
    expect(send.data?.status).toBe('scheduled');
    const status = await client.GET('/sends/{id}', { params: { path: { id: send.data!.id } } });
    expect(status.data?.scheduledAt).toBe(at);
    const canceled = await client.POST('/sends/{id}/cancel', { params: { path: { id: send.data!.id } } });
    expect(canceled.data?.status).toBe('canceled');

    const missing = await client.GET('/sends/{id}', { params: { path: { id: 'no-such-send' } } });
    expect(missing.error?.error.code).toBe('not_found');
  });
});
