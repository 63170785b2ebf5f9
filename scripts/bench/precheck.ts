// Pre-send check: the link check of a 40-link issue against a loopback server (each link answering
// after 20 ms, as a nearby site would), cold (every link asked) and warm (answers from the cache), and
// the rest of the check (HTML, contrast, size, parity, subject) on a 20-story issue.
// Run alone: `tsx scripts/bench/index.ts precheck`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFetcher } from '../../src/server/feeds/fetcher';
import { precheckIssue } from '../../src/server/precheck/precheck';
import { clearLinkCache } from '../../src/server/precheck/links';
import { MARKERS } from '../../src/server/newsletter/markers';
import { report, timeMedian, median, ms } from './report';

const LINKS = 40;
const DELAY_MS = 20;

export default async function run() {
  const server = http.createServer((_req, res) => void setTimeout(() => res.writeHead(200).end(), DELAY_MS));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const fetcher = createFetcher(`127.0.0.1:${port}`);
  const stories = Array.from({ length: LINKS }, (_, i) => ({ id: `a${i}`, title: `Story ${i}`, url: `${base}/story/${i}` }));
  const html = `<html><body style="background:#ffffff;color:#222222">${stories
    .map((s) => `<h2>${s.title}</h2><p>${'A line of the blurb. '.repeat(12)}<a href="${s.url}">Read more</a></p><img src="${base}/i.png" alt="x">`)
    .join('')}<a href="${MARKERS.unsubscribeUrl}">Unsubscribe</a></body></html>`;
  const issue = { html, text: `${stories.map((s) => s.url).join('\n')}\nUnsubscribe`, subject: 'This week', stories };
  const deps = { fetcher, now: () => new Date() };

  const cold: number[] = [];
  for (let i = 0; i < 5; i++) {
    clearLinkCache();
    const t = performance.now();
    const r = await precheckIssue(issue, deps);
    cold.push(performance.now() - t);
    if (r.links.checked !== LINKS || r.links.broken) throw new Error('the bench issue should check clean');
  }
  const sequential = LINKS * DELAY_MS;
  report(`link check, ${LINKS} links, cold (server answers in ${DELAY_MS} ms)`, ms(median(cold)), {
    ok: median(cold) < sequential,
    text: `vs ${sequential} ms one at a time: ${(sequential / median(cold)).toFixed(1)}x`,
  });
  report(`link check, ${LINKS} links, warm (cached)`, ms(await timeMedian(() => precheckIssue(issue, deps), 20, 3)));
  await fetcher.close();
  await new Promise<void>((r) => server.close(() => r()));
}
