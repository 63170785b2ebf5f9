// How the client reads a failed call: only a tRPC answer from the server carries an HTTP status; the
// query defaults retry what might pass next time and never a refusal.
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { createTRPCClient } from '@trpc/client';
import type { AppRouter } from '../../../src/server/routers';
import { apiLinks, createQueryClient } from '../../../src/client/trpc';
import { httpStatusOf, isNetworkError } from '../../../src/client/lib/errors';
import { createHarness } from '../../helpers/app';

const servers: ServerType[] = [];
afterAll(() => servers.forEach((s) => s.close()));

async function startApp() {
  const h = await createHarness();
  const server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('the call succeeded'),
    (err: unknown) => err,
  );

describe('a failed call as the client reads it', () => {
  it('reads the status of a refusal the server answered (401 signed out)', async () => {
    const client = createTRPCClient<AppRouter>({ links: apiLinks(await startApp()) });
    const err = await failureOf(client.user.get.query());
    expect(httpStatusOf(err)).toBe(401);
    expect(isNetworkError(err)).toBe(false);
  });

  it('reads no status when the server never answered, and calls that a network failure', async () => {
    const client = createTRPCClient<AppRouter>({ links: apiLinks('http://127.0.0.1:9') });
    const err = await failureOf(client.user.get.query());
    expect(httpStatusOf(err)).toBeUndefined();
    expect(isNetworkError(err)).toBe(true);
  });

  it('does not take any object with a data.httpStatus for a server answer', () => {
    const lookAlike = Object.assign(new Error('failed to fetch'), { data: { httpStatus: 404 } });
    expect(httpStatusOf(lookAlike)).toBeUndefined();
    expect(isNetworkError(lookAlike)).toBe(true);
  });

  it('retries a network failure but never a refusal', async () => {
    const client = createTRPCClient<AppRouter>({ links: apiLinks(await startApp()) });
    const refusal = await failureOf(client.user.get.query());
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (n: number, e: unknown) => boolean;
    expect(retry(0, refusal)).toBe(false);
    expect(retry(0, new TypeError('fetch failed'))).toBe(true);
    expect(retry(3, new TypeError('fetch failed'))).toBe(false);
  });
});
