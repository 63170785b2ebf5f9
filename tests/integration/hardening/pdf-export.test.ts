// Defect 3: PDF export took quadratic time on a long word without spaces (a 120,000-character word
// blocked the server for ~9 s). Layout is now linear, and the binary exports are written in a worker
// thread behind a bounded queue, so even a large one never stalls other requests.
import { describe, it, expect, vi, afterEach } from 'vitest';
import PDFDocument from 'pdfkit';
import JSZip from 'jszip';
import { harnessWithAdmin, jsonRequest } from '../../helpers/app';
import { pdfText, signedIn } from '../newsletter/support';
import { breakLongWords, toPdf } from '../../../src/server/newsletter/exports/pdf';
import { EXPORT_BUSY, EXPORT_QUEUE, exportPoolStats, renderInWorker } from '../../../src/server/newsletter/exports/pool';
import { BINARY_TEXT_MAX, type ExportDoc } from '../../../src/server/newsletter/exports/document';

afterEach(() => vi.restoreAllMocks());

const textDoc = (text: string): ExportDoc => ({ title: 'Long', subject: '', date: 'Nov 23, 2026', isoDate: '2026-11-23', articles: [], text, html: '' });

describe('breakLongWords', () => {
  it('cuts only words wider than the line, into pieces that fit, measuring each character once', () => {
    const widthOf = vi.fn((ch: string) => (ch === 'w' ? 2 : 1));
    const word = 'w'.repeat(30) + 'i'.repeat(30);
    const out = breakLongWords(`short ${word} end`, 20, widthOf);
    const pieces = out.split(' ')[1].split('\n');
    expect(pieces.join('')).toBe(word);
    for (const p of pieces) expect([...p].reduce((n, ch) => n + (ch === 'w' ? 2 : 1), 0)).toBeLessThanOrEqual(20);
    expect(pieces).toHaveLength(5);
    expect(out.startsWith('short ') && out.endsWith(' end')).toBe(true);
    expect(widthOf.mock.calls.length).toBeLessThanOrEqual(new Set(`short${word}end`).size);
  });

  it('keeps text without long words as it is', () => {
    expect(breakLongWords('a few ordinary words\nand lines', 200, () => 5)).toBe('a few ordinary words\nand lines');
  });
});

describe('PDF layout is linear in its input', () => {
  /** Characters pdfkit measures while laying out the document. */
  async function measuredChars(text: string) {
    let chars = 0;
    const proto = PDFDocument.prototype as unknown as { widthOfString: (s: string, o?: unknown) => number };
    const real = proto.widthOfString;
    vi.spyOn(proto, 'widthOfString').mockImplementation(function (this: unknown, s: string, o?: unknown) {
      chars += s.length;
      return real.call(this, s, o);
    });
    const buf = await toPdf(textDoc(text));
    expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
    return chars;
  }

  it('a 120,000-character word costs a small constant number of measurements per character', async () => {
    const n = 120_000;
    // Before: every line re-measured the rest of the word, about n²/160 ≈ 90 million characters.
    expect(await measuredChars('x'.repeat(n))).toBeLessThan(10 * n);
  });
});

describe('exports in the worker thread', () => {
  it('a one-word draft of 120,000 and of about 1 MB characters exports as readable PDFs (the long one bounded, and saying so), written off the main thread', async () => {
    const h = await harnessWithAdmin();
    const { cookie } = await signedIn(h, { planType: 'free' });
    const onMain = vi.spyOn(PDFDocument.prototype, 'widthOfString');
    const before = (await exportPoolStats()).completed;
    for (const n of [120_000, 1_000_000]) {
      const res = await h.app.request('/api/newsletter-drafts', jsonRequest('POST', { title: 'One long word', content: 'y'.repeat(n) }, { cookie }));
      expect(res.status).toBe(201);
      const id = ((await res.json()) as { data: { id: string } }).data.id;
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
  }, 30_000);
});
