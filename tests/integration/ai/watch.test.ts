// ai.watch answers like ai.job: a generation that is not the caller's is NOT_FOUND, through the caller
// and over Server-Sent Events, never a server error.
// @postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { AI_MSG } from '../../../src/shared/schemas/ai';
import { cookieFrom, jsonRequest } from '../../helpers/app';
import type { FeedServer } from '../../helpers/feed-server';
import { aiHarness, loadArticles, startAiFeeds } from './support';

let server: FeedServer;
beforeAll(async () => {
  server = await startAiFeeds();
});
afterAll(() => server.close());

describe('watching a generation that is not yours', () => {
  it('is NOT_FOUND through the caller, like ai.job', async () => {
    const h = await aiHarness(server);
    const articles = (await loadArticles(h, h.pro, h.feedUrl)).slice(0, 2);
    const job = await h.caller(h.pro).ai.generate({ kind: 'blog', topic: 'battery recycling', articles });
    const other = await h.insertUser({ planType: 'professional' });

    let caught: unknown;
    try {
      for await (const event of await h.caller(other).ai.watch({ id: job.id })) expect.fail(`got ${JSON.stringify(event)}`);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(TRPCError);
    expect(caught).toMatchObject({ code: 'NOT_FOUND', message: AI_MSG.jobNotFound });
    // The owner still watches it.
    const mine: string[] = [];
    for await (const event of await h.caller(h.pro).ai.watch({ id: job.id })) mine.push(event.type);
    expect(mine[0]).toBe('snapshot');
  });

  it('is NOT_FOUND (404) in the event stream over HTTP', async () => {
    const h = await aiHarness(server);
    const articles = (await loadArticles(h, h.pro, h.feedUrl)).slice(0, 1);
    const job = await h.caller(h.pro).ai.generate({ kind: 'social', articles });
    const signup = await h.app.request(
      '/api/auth/signup',
      jsonRequest('POST', { name: 'Mal', email: 'mal-watch@example.com', password: 'correct horse battery' }),
    );
    expect(signup.status).toBe(201);
    await h.db.update(users).set({ planType: 'professional' }).where(eq(users.email, 'mal-watch@example.com'));

    const res = await h.app.request(`/api/trpc/ai.watch?input=${encodeURIComponent(JSON.stringify({ id: job.id }))}`, {
      headers: { cookie: cookieFrom(signup), accept: 'text/event-stream' },
    });
    const body = await res.text();
    const errors = body
      .split('\n\n')
      .filter((chunk) => /^event: serialized-error$/m.test(chunk))
      .map((chunk) => JSON.parse(chunk.replace(/^[\s\S]*?^data: /m, '')) as { message: string; data: { code: string; httpStatus: number } });
    expect(errors, body).toHaveLength(1);
    expect(errors[0]).toMatchObject({ message: AI_MSG.jobNotFound, data: { code: 'NOT_FOUND', httpStatus: 404 } });
  });
});
