// Exports cost bounded work off the main thread: a one-word draft of 1 MB (quadratic in pdfkit's own line
// breaking: a 120,000-character word blocked the server for ~9 s) exports as a readable PDF, written in
// the worker thread while the event loop keeps serving; a global queue and a per-user gate refuse the
// excess with 429, and one user's exports do not hold up another's.
// @postgres
import { describe, it, expect, vi, afterEach } from 'vitest';
import PDFDocument from 'pdfkit';
import JSZip from 'jszip';
import { harnessWithAdmin, jsonRequest, type Harness } from '../../helpers/app';
import { pdfText, signedIn } from './support';
import { BUSY_MESSAGE } from '../../../src/server/concurrency';
import { EXPORT_BUSY, EXPORT_QUEUE, exportPoolStats, renderInWorker } from '../../../src/server/newsletter/exports/pool';
import { BINARY_TEXT_MAX, type ExportDoc } from '../../../src/server/newsletter/exports/document';

afterEach(() => vi.restoreAllMocks());

const textDoc = (text: string): ExportDoc => ({ title: 'Long', subject: '', date: 'Nov 23, 2026', isoDate: '2026-11-23', articles: [], text, html: '' });

async function saveDraft(h: Harness, cookie: string, content: string) {
  const res = await h.app.request('/api/newsletter-drafts', jsonRequest('POST', { title: 'One long word', content }, { cookie }));
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** A draft whose PDF takes the worker a few hundred milliseconds (50,000 short lines). */
const heavyDraft = (h: Harness, cookie: string) => saveDraft(h, cookie, 'a b\n'.repeat(50_000));

describe('exports in the worker thread', () => {
  it('a one-word draft of 120,000 and of about 1 MB characters exports as readable PDFs (the long one bounded, and saying so), written off the main thread', async () => {
    const h = await harnessWithAdmin();
    const { cookie } = await signedIn(h, { planType: 'free' });
    const onMain = vi.spyOn(PDFDocument.prototype, 'widthOfString');
    const before = (await exportPoolStats()).completed;
    for (const n of [120_000, 1_000_000]) {
      const id = await saveDraft(h, cookie, 'y'.repeat(n));
      const pdf = await h.app.request(`/api/newsletters/${id}/export/pdf`, { headers: { cookie } });
      expect(pdf.status).toBe(200);
      const buf = Buffer.from(await pdf.arrayBuffer());
      expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(buf);
      expect(text.replace(/[^y]/g, '')).toHaveLength(Math.min(n, BINARY_TEXT_MAX));
      if (n > BINARY_TEXT_MAX) expect(text.replace(/\n/g, '')).toContain(`This export holds the first 200,000 of 1,000,000 characters`);
    }
    expect(onMain).not.toHaveBeenCalled();
    expect((await exportPoolStats()).completed).toBe(before + 2);
  });

  it(`refuses with 429 once ${EXPORT_QUEUE} exports wait for the thread`, async () => {
    const big = textDoc('many words '.repeat(40_000));
    const tasks = Array.from({ length: EXPORT_QUEUE + 4 }, () => renderInWorker({ format: 'pdf', doc: big, id: 'x', now: '2026-11-23T00:00:00Z' }));
    const settled = await Promise.allSettled(tasks);
    const refused = settled.filter((s) => s.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: EXPORT_BUSY });
    expect(settled.filter((s) => s.status === 'fulfilled').length).toBeGreaterThanOrEqual(EXPORT_QUEUE);
  }, 60_000);
});

describe('other requests while exports run', () => {
  it('the event loop keeps turning while a heavy PDF is written', async () => {
    const h = await harnessWithAdmin();
    const { cookie } = await signedIn(h, { planType: 'free' });
    const id = await heavyDraft(h, cookie);
    const get = () => h.app.request(`/api/newsletters/${id}/export/pdf`, { headers: { cookie } });
    // The first export loads modules and starts the thread; count the turns of a warm one.
    expect((await get()).status).toBe(200);
    let ticks = 0;
    let done = false;
    const spin = () => {
      ticks += 1;
      if (!done) setImmediate(spin);
    };
    setImmediate(spin);
    const res = await get();
    done = true;
    expect(res.status).toBe(200);
    // Laid out on the main thread, the same export lets the loop turn no time at all (measured: 0).
    expect(ticks).toBeGreaterThan(100);
  });

  it('a user runs 2 exports at once, 4 more wait, the rest get 429 with the busy message; another user is served meanwhile', async () => {
    const h = await harnessWithAdmin();
    const a = await signedIn(h, { planType: 'free' });
    const b = await signedIn(h, { planType: 'free' });
    const idA = await heavyDraft(h, a.cookie);
    const idB = await heavyDraft(h, b.cookie);
    const finished: string[] = [];
    const get = async (who: string, id: string, cookie: string) => {
      const res = await h.app.request(`/api/newsletters/${id}/export/pdf`, { headers: { cookie } });
      if (res.status === 200) finished.push(who);
      return res;
    };
    const fromA = Array.from({ length: 8 }, () => get('a', idA, a.cookie));
    const fromB = get('b', idB, b.cookie);
    const answers = await Promise.all(fromA);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    for (const r of answers.filter((x) => x.status === 429)) expect(await r.json()).toMatchObject({ success: false, message: BUSY_MESSAGE });
    expect((await fromB).status).toBe(200);
    // B waits for at most the two exports A has running, not for the four A has waiting.
    expect(finished.indexOf('b')).toBeLessThanOrEqual(2);
  }, 120_000);
});

describe('binary exports are bounded', () => {
  it('a Word file of 2 MB of short lines holds the first 200,000 characters and says so', async () => {
    const h = await harnessWithAdmin();
    const { user, cookie } = await signedIn(h, { planType: 'enterprise' });
    // Larger than a request body may be, as a script calling the procedure in-process can save it.
    const content = 'a b\n'.repeat(450_000);
    const { id } = await h.caller(user).drafts.create({ title: 'Many lines', content });
    const docx = await h.app.request(`/api/newsletters/${id}/export/docx`, { headers: { cookie } });
    expect(docx.status).toBe(200);
    const xml = await (await JSZip.loadAsync(Buffer.from(await docx.arrayBuffer()))).file('word/document.xml')!.async('string');
    expect(xml.match(/>a b</g)).toHaveLength(50_000);
    expect(xml).toContain('This export holds the first 200,000 of 1,800,000 characters');
    // The saved draft keeps all of it.
    const txt = await h.app.request(`/api/newsletters/${id}/export/txt`, { headers: { cookie } });
    expect((await txt.text()).length).toBe(content.length);
  }, 120_000);
});
