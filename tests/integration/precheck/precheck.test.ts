// The pre-send check on crafted issues, with links answered (or not) by a real loopback server.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFetcher, type SafeFetcher } from '../../../src/server/feeds/fetcher';
import { precheckIssue, type PrecheckIssue } from '../../../src/server/precheck/precheck';
import { clearLinkCache } from '../../../src/server/precheck/links';
import { MARKERS } from '../../../src/server/newsletter/markers';
import { withImageAlt } from '../../../src/shared/precheck';

let server: http.Server;
let base: string;
let fetcher: SafeFetcher;
const hits = new Map<string, number>();
const hanging: http.ServerResponse[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(`${req.method} ${path}`, (hits.get(`${req.method} ${path}`) ?? 0) + 1);
    if (path.startsWith('/hang')) return void hanging.push(res);
    if (path.startsWith('/missing')) return void res.writeHead(404).end();
    if (path.startsWith('/no-head') && req.method === 'HEAD') return void res.writeHead(405).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end(req.method === 'HEAD' ? undefined : '<p>ok</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  fetcher = createFetcher(`127.0.0.1:${port}`);
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await fetcher.close();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  clearLinkCache();
  hits.clear();
});

const now = () => new Date('2026-11-28T09:00:00Z');
const unsubscribe = `<p>You subscribed. <a href="${MARKERS.unsubscribeUrl}">Unsubscribe</a></p>`;

function issue(body: string, over: Partial<PrecheckIssue> = {}): PrecheckIssue {
  const html = `<!doctype html><html><head><style>@media (prefers-color-scheme:dark){.bg{background-color:#111111!important}.tx{color:#eeeeee!important}}</style></head>
<body><table class="bg" style="background-color:#ffffff"><tr><td class="tx" style="color:#222222">${body}${unsubscribe}</td></tr></table></body></html>`;
  return { html, text: `Stories\n${base}/ok\nUnsubscribe: ${MARKERS.unsubscribeUrl}\n`, subject: 'This week in science', ...over };
}

const check = (i: PrecheckIssue, extra: { overallMs?: number; perLinkMs?: number; cacheOnly?: boolean } = {}) => precheckIssue(i, { fetcher, now, ...extra });
const ids = (r: { findings: { id: string }[] }) => r.findings.map((f) => f.id);

describe('pre-send check on crafted issues', () => {
  it('passes a clean issue with nothing to report', async () => {
    const r = await check(issue(`<h2>Lead</h2><p>Text <a href="${base}/ok">read</a></p><img src="${base}/ok.png" alt="A chart">`));
    expect(r.findings).toEqual([]);
    expect(r.blocked).toBe(false);
    expect(r.links).toEqual({ total: 1, checked: 1, broken: 0, unanswered: 0 });
  });

  it('reports a broken link on the loopback server, with the story to drop', async () => {
    const stories = [
      { id: 'a1', title: 'Fine story', url: `${base}/ok` },
      { id: 'a2', title: 'Gone story', url: `${base}/missing` },
    ];
    const r = await check(issue(`<a href="${base}/ok">one</a> <a href="${base}/missing">two</a>`, { stories, text: `${base}/ok ${base}/missing unsubscribe` }));
    const broken = r.findings.find((f) => f.id === `link-broken:${base}/missing`);
    expect(broken?.severity).toBe('error');
    expect(broken?.detail).toContain('HTTP 404');
    expect(broken?.oneClickFix).toEqual({ kind: 'dropStory', label: 'Drop the story "Gone story"', articleId: 'a2' });
    // Step 5 points at the link in the preview by its address.
    expect(broken?.target).toEqual({ kind: 'link', value: `${base}/missing` });
    expect(r.blocked).toBe(false);
    expect(r.links.broken).toBe(1);
  });

  it('asks with GET when a server refuses HEAD, and caches answers', async () => {
    const i = issue(`<a href="${base}/no-head">x</a>`, { text: `${base}/no-head unsubscribe` });
    expect((await check(i)).findings).toEqual([]);
    expect(hits.get('GET /no-head')).toBe(1);
    await check(i);
    expect(hits.get('HEAD /no-head')).toBe(1);
  });

  it('reports a host that hangs as "did not answer" within its deadline, without blocking', async () => {
    const r = await check(issue(`<a href="${base}/hang">slow</a>`, { text: `${base}/hang unsubscribe` }), { perLinkMs: 300, overallMs: 2_000 });
    const f = r.findings.find((x) => x.id === `link-unanswered:${base}/hang`);
    expect(f?.title).toBe('A link did not answer');
    expect(f?.severity).toBe('warning');
    expect(r.blocked).toBe(false);
  });

  it('stops waiting at the overall deadline and reports the links still out', async () => {
    const links = Array.from({ length: 3 }, (_, n) => `<a href="${base}/hang/${n}">l${n}</a>`).join(' ');
    const r = await check(issue(links), { perLinkMs: 60_000, overallMs: 300 });
    expect(r.links.unanswered).toBe(3);
  });

  it('uses only known answers when told to (the record kept with a send)', async () => {
    const r = await check(issue(`<a href="${base}/ok">x</a>`), { cacheOnly: true });
    expect(hits.size).toBe(0);
    expect(r.links).toMatchObject({ total: 1, checked: 0 });
  });

  it('finds an image without alt text', async () => {
    const r = await check(issue(`<img src="${base}/a.png"><img src="${base}/b.png" alt="">`));
    const f = r.findings.find((x) => x.id === 'img-alt');
    expect(f?.title).toBe('1 image has no alt text');
    expect(f?.detail).toContain('/a.png');
    expect(f?.target).toEqual({ kind: 'image', value: `${base}/a.png` });
  });

  it('finds a creator\'s image without alt text (alt="" too), with a field whose words go into its text block', async () => {
    const markdown = `Our harbour at dawn:\n\n![](${base}/dawn.png)\n\nAnd <img src="${base}/map.png" alt="">, and ![A chart](${base}/chart.png).`;
    const body = `<img src="${base}/story.png" alt=""><p><img src="${base}/dawn.png" alt=""></p><p>And <img src="${base}/map.png" alt="">, and <img src="${base}/chart.png" alt="A chart">.</p>`;
    const r = await check(issue(body, { blocks: [{ id: 'intro-block', markdown }] }), { cacheOnly: true });
    const found = r.findings.filter((f) => f.check === 'img-alt');
    // The product's own story picture (alt="" beside its title) is decoration; the creator's two images are not.
    expect(found.map((f) => f.oneClickFix)).toEqual([
      { kind: 'setImageAlt', label: 'Save alt text', blockId: 'intro-block', image: `![](${base}/dawn.png)` },
      { kind: 'setImageAlt', label: 'Save alt text', blockId: 'intro-block', image: `<img src="${base}/map.png" alt="">` },
    ]);
    expect(found[0]!.title).toBe('An image you added has no alt text');
    expect(found[0]!.detail).toContain('/dawn.png');
    expect(found.map((f) => f.target)).toEqual([
      { kind: 'image', value: `${base}/dawn.png` },
      { kind: 'image', value: `${base}/map.png` },
    ]);

    // The words given are saved in the block, and the block's images are then clear.
    let fixed = markdown;
    for (const f of found) if (f.oneClickFix?.kind === 'setImageAlt') fixed = withImageAlt(fixed, f.oneClickFix.image, 'Boats [at] "dawn" <b>');
    expect(fixed).toContain(`![Boats \\[at\\] "dawn" <b>](${base}/dawn.png)`);
    expect(fixed).toContain(`<img alt="Boats [at] &quot;dawn&quot; &lt;b>" src="${base}/map.png">`);
    const again = await check(issue(body, { blocks: [{ id: 'intro-block', markdown: fixed }] }), { cacheOnly: true });
    expect(again.findings.filter((f) => f.check === 'img-alt')).toEqual([]);
  });

  it('reports the same finding once: a link carried twice with text naming another site', async () => {
    const twice = `<a href="${base}/ok">paypal.com</a> <p><a href="${base}/ok">paypal.com</a></p>`;
    const r = await check(issue(twice), { cacheOnly: true });
    expect(r.findings.filter((f) => f.check === 'link-text')).toHaveLength(1);
    expect(new Set(ids(r)).size).toBe(ids(r).length);
  });

  it('finds low contrast in light rendering and in dark rendering separately', async () => {
    const light = await check(issue('<p style="color:#bbbbbb">Pale grey on white</p>'));
    expect(light.findings.map((f) => f.title)).toContain('Hard to read in light mode');
    // Readable in light, but the dark rule leaves this inline dark-grey text on the dark background.
    const dark = await check(issue('<p style="color:#333333">Dark grey text</p>'));
    expect(dark.findings.map((f) => f.title)).toEqual(['Hard to read in dark mode']);
    expect(dark.findings[0]!.detail).toContain('#333333 on #111111');
    expect(dark.findings[0]!.target).toEqual({ kind: 'text', value: 'Dark grey text' });
  });

  it('warns that Gmail clips a 110 KB issue', async () => {
    const filler = `<p>${'word '.repeat(23_000)}</p>`;
    const r = await check(
      issue(filler, {
        stories: [
          { id: 'a', title: 'A', url: `${base}/ok` },
          { id: 'b', title: 'B', url: `${base}/ok` },
        ],
      }),
    );
    expect(r.htmlBytes).toBeGreaterThan(110 * 1024);
    const f = r.findings.find((x) => x.id === 'gmail-clip');
    expect(f?.oneClickFix).toMatchObject({ kind: 'dropStory', articleId: 'b' });
    expect((await check(issue('<p>short</p>'))).findings.some((x) => x.id === 'gmail-clip')).toBe(false);
  });

  it('finds link text that names another site than its target', async () => {
    const r = await check(
      issue(`<a href="${base}/ok">www.mybank.example</a> <a href="${base}/ok">127.0.0.1</a> <a href="https://news.example.org/x">example.org</a>`),
      {
        cacheOnly: true,
      },
    );
    const texts = r.findings.filter((f) => f.check === 'link-text');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.detail).toContain('names mybank.example');
    expect(texts[0]!.target).toEqual({ kind: 'link', value: `${base}/ok` });
  });

  it('finds a story link missing from the plain text', async () => {
    const stories = [
      { id: 'a', title: 'A', url: `${base}/ok` },
      { id: 'b', title: 'B', url: `${base}/no-head` },
    ];
    const r = await check(issue('<p>x</p>', { stories }));
    const f = r.findings.find((x) => x.id === 'text-parity');
    expect(f?.title).toBe('The plain text misses 1 link');
    expect(f?.detail).toContain('/no-head');
  });

  it('blocks an issue without an unsubscribe link, and a message without List-Unsubscribe', async () => {
    const bare = issue('<p>x</p>');
    const noLink = await check({ ...bare, html: bare.html.replace(unsubscribe, '') });
    expect(noLink.blocked).toBe(true);
    expect(noLink.findings[0]).toMatchObject({ id: 'unsubscribe', severity: 'error', title: 'No unsubscribe link' });
    const noHeader = await check({ ...bare, headers: { 'List-Id': 'x' } });
    expect(noHeader.blocked).toBe(true);
    expect((await check({ ...bare, headers: { 'List-Unsubscribe': '<https://x.example/u>' } })).blocked).toBe(false);
  });

  it('explains spam triggers in the subject and offers a calmer subject', async () => {
    const r = await check(issue('<p>x</p>', { subject: 'FREE MONEY inside!!! Act now $$$' }));
    const titles = r.findings.map((f) => f.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'The subject shouts in capitals',
        'The subject has several exclamation marks',
        'The subject has "$$$"',
        'The subject uses a spam phrase',
      ]),
    );
    const caps = r.findings.find((f) => f.id === 'subject-caps');
    expect(caps?.oneClickFix).toEqual({ kind: 'setSubject', label: 'Use "Free Money inside! Act now"', subject: 'Free Money inside! Act now' });
    expect(ids(await check(issue('<p>x</p>', { subject: 'What NASA and the AI labs shipped' })))).toEqual([]);
  });
});
