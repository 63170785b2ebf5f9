// A subscriber upload is authorised (session, publication, room left in the plan) before its body is read,
// over a real socket: a refused upload is answered before the server has read most of its body.
// @postgres
import { describe, it, expect } from 'vitest';
import { harnessWithAdmin } from '../../helpers/app';
import { signedIn } from '../newsletter/support';
import http from 'node:http';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { SUBSCRIBER_MSG } from '../../../src/server/readers/subscription/subscribers';
import { addSubscribers } from '../delivery/send-support';
import { MSG } from '../../../src/shared/messages';

async function setup(planType: 'free' | 'professional' = 'professional') {
  const h = await harnessWithAdmin();
  const { user, cookie } = await signedIn(h, { planType });
  const pub = await h.caller(user).publications.create({ name: 'Field Notes' });
  return { h, user, cookie, pub };
}
type Setup = Awaited<ReturnType<typeof setup>>;

/** Far less than the 8 MB sent: the server answered without reading (or keeping) the body. */
const UNREAD = 1024 * 1024;

describe('subscriber upload body', () => {
  /**
   * Serves the app on a real socket and notes, for each request, how many bytes the server had read from
   * its socket when the answer was ready.
   */
  async function withServer<T>(app: Setup['h']['app'], fn: (port: number, readAtAnswer: number[]) => Promise<T>) {
    const readAtAnswer: number[] = [];
    const server = serve({
      fetch: async (req, env) => {
        const res = await app.fetch(req, env);
        readAtAnswer.push(env.incoming.socket.bytesRead);
        return res;
      },
      port: 0,
      hostname: '127.0.0.1',
    });
    try {
      await new Promise((r) => server.once('listening', r));
      return await fn((server.address() as AddressInfo).port, readAtAnswer);
    } finally {
      server.close();
    }
  }

  /** Sends `total` bytes of CSV as fast as the socket takes them and stops once an answer arrives. */
  function upload(port: number, path: string, total: number, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      let answered = false;
      const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'text/csv', ...headers } });
      req.on('error', (err) => (answered ? undefined : reject(err)));
      req.on('response', (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      const piece = Buffer.from('reader@example.com,A reader\n'.repeat(2427)); // ~64 KB
      let sent = 0;
      const pump = () => {
        while (!answered && sent < total) {
          sent += piece.length;
          if (!req.write(piece)) return void req.once('drain', pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
  }

  it('answers an anonymous upload 401 before reading its body', async () => {
    const s = await setup();
    await withServer(s.h.app, async (port, readAtAnswer) => {
      const path = `/api/uploads/subscribers?publicationId=${s.pub.id}&mode=import`;
      const res = await upload(port, path, 8 * 1024 * 1024);
      expect(res.status).toBe(401);
      expect(readAtAnswer[0]).toBeLessThan(UNREAD);
      // A declared size over the 1 MB an anonymous request may send is refused at once.
      const declared = await upload(port, path, 8 * 1024 * 1024, { 'content-length': String(8 * 1024 * 1024) });
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.body).message).toBe(MSG.bodyTooLarge);
      expect(readAtAnswer[1]).toBeLessThan(UNREAD);
    });
  });

  it("answers an upload into someone else's publication 404 before reading its body", async () => {
    const s = await setup();
    const other = await signedIn(s.h);
    await withServer(s.h.app, async (port, readAtAnswer) => {
      const res = await upload(port, `/api/uploads/subscribers?publicationId=${s.pub.id}&mode=import`, 8 * 1024 * 1024, { cookie: other.cookie });
      expect(res.status).toBe(404);
      expect(readAtAnswer[0]).toBeLessThan(UNREAD);
    });
  });

  it('refuses an import into a full publication before reading its body, with the limit message', async () => {
    const s = await setup('free');
    await addSubscribers(s.h, s.pub.id, 500);
    await withServer(s.h.app, async (port, readAtAnswer) => {
      const res = await upload(port, `/api/uploads/subscribers?publicationId=${s.pub.id}&mode=import`, 8 * 1024 * 1024, { cookie: s.cookie });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body).message).toBe(SUBSCRIBER_MSG.limit(500));
      expect(readAtAnswer[0]).toBeLessThan(UNREAD);
    });
  });

  it('still reads an owner’s streamed file of several MB, and refuses one over 25 MB with 413', async () => {
    const s = await setup();
    const csv = 'email\n' + Array.from({ length: 120_000 }, (_, i) => `someone-with-a-long-address-${i}@example.com`).join('\n');
    expect(csv.length).toBeGreaterThan(5 * 1024 * 1024);
    const chunked = (text: string) =>
      new ReadableStream<Uint8Array>({
        start(c) {
          const bytes = new TextEncoder().encode(text);
          for (let i = 0; i < bytes.length; i += 65_536) c.enqueue(bytes.subarray(i, i + 65_536));
          c.close();
        },
      });
    const send = (body: ReadableStream<Uint8Array>) =>
      s.h.app.request(`/api/uploads/subscribers?publicationId=${s.pub.id}&mode=check`, {
        method: 'POST',
        headers: { cookie: s.cookie, 'content-type': 'text/csv' },
        body,
        duplex: 'half',
      } as RequestInit);
    const ok = await send(chunked(csv.split('\n').slice(0, 90_001).join('\n')));
    expect(ok.status).toBe(200);
    expect((await ok.json()).rows).toBe(90_000);
    const huge = await send(chunked(csv + '\n' + 'x'.repeat(21 * 1024 * 1024)));
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toBe(MSG.uploadTooLarge);
    const form = new FormData();
    form.set('file', new Blob([csv, 'x'.repeat(21 * 1024 * 1024)], { type: 'text/csv' }), 'readers.csv');
    const multipart = await s.h.app.request(`/api/uploads/subscribers?publicationId=${s.pub.id}&mode=check`, {
      method: 'POST',
      headers: { cookie: s.cookie },
      body: form,
    });
    expect(multipart.status).toBe(413);
    expect((await multipart.json()).message).toBe(MSG.uploadTooLarge);
  });
});
