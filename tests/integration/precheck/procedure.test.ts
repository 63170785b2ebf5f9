// sends.precheck on a publication's issue as a send assembles it, and the check kept with the send.
// @postgres
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin } from '../../helpers/app';
import { expectStatus, buildArticle } from '../workflow/factories';
import { issueSends } from '../../../db/schema';
import { addSubscribers, newId, readyPublication } from '../delivery/send-support';
import { clearLinkCache } from '../../../src/server/precheck/links';

let server: http.Server;
let base: string;
let allow: string;

beforeAll(async () => {
  server = http.createServer((req, res) => void res.writeHead(req.url?.startsWith('/missing') ? 404 : 200).end());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  allow = `127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function setup() {
  clearLinkCache();
  const h = await harnessWithAdmin({ env: { FETCH_ALLOW_HOSTS: allow } });
  const user = await h.insertUser({ email: 'writer@example.com', planType: 'free', verified: true });
  const pub = await readyPublication(h, user);
  const articles = [
    buildArticle({ id: 'fine', title: 'A story that answers', url: `${base}/ok`, summary: 'It is there.' }),
    buildArticle({ id: 'gone', title: 'A story that is gone', url: `${base}/missing`, summary: 'It is not.' }),
  ];
  return { h, user, pub, api: h.caller(user), articles };
}

describe('sends.precheck', () => {
  it("checks the issue as a send assembles it: the product's own issue carries its unsubscribe link and reads in both modes", async () => {
    const { api, pub, articles } = await setup();
    const r = await api.sends.precheck({ publicationId: pub.id, articles, subject: 'WINNING BIG TODAY!!!' });
    expect(r.blocked).toBe(false);
    expect(r.findings.map((f) => f.check).sort()).toEqual(['links', 'subject', 'subject']);
    expect(r.findings.find((f) => f.check === 'links')).toMatchObject({
      id: `link-broken:${base}/missing`,
      oneClickFix: { kind: 'dropStory', articleId: 'gone' },
    });
    expect(r.findings.find((f) => f.id === 'subject-caps')?.oneClickFix).toMatchObject({ kind: 'setSubject', subject: 'Winning BIG Today!' });
  });

  it('keeps the check with the send, from the answers already known', async () => {
    const { h, api, pub, articles } = await setup();
    await addSubscribers(h, pub.id, 1);
    await api.sends.precheck({ publicationId: pub.id, articles });
    const created = await api.sends.create({ id: newId(), publicationId: pub.id, articles, scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(created.precheck?.findings.map((f) => f.id)).toEqual([`link-broken:${base}/missing`]);
    const [row] = await h.db.select({ precheck: issueSends.precheck }).from(issueSends).where(eq(issueSends.id, created.id));
    expect(row!.precheck?.links).toMatchObject({ total: 2, checked: 2, broken: 1 });
    expect((await api.sends.list({ publicationId: pub.id }))[0]!.precheck?.counts.error).toBe(1);
  });

  it('answers 401 to anon, 404 for a publication not yours, 400 for bad input', async () => {
    const { h, pub } = await setup();
    await expectStatus(h.caller('anon').sends.precheck({ publicationId: pub.id }), 401);
    const other = await h.insertUser({ email: 'other@example.com', verified: true });
    await expectStatus(h.caller(other).sends.precheck({ publicationId: pub.id }), 404);
    await expectStatus(h.caller(other).sends.precheck({ publicationId: '' }), 400);
  });
});
