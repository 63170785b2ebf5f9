// PDF text layout is linear: stretches pdfkit cannot break are cut to the line width before pdfkit sees
// them, because pdfkit's own breaking re-measures the rest of such a stretch after every line.
import { describe, it, expect, vi, afterEach } from 'vitest';
import PDFDocument from 'pdfkit';
import { breakLongWords, toPdf } from '../../../src/server/newsletter/exports/pdf';
import type { ExportDoc } from '../../../src/server/newsletter/exports/document';
import { pdfText } from '../../integration/newsletter/support';

afterEach(() => vi.restoreAllMocks());

/** A font where 'w' is 2 wide, everything else 1, and the pair 'wi' kerns by -1. */
const toyWidth = (s: string) => [...s].reduce((n, ch) => n + (ch === 'w' ? 2 : 1), 0) - (s.match(/wi/g)?.length ?? 0);

const pieces = (out: string) => out.split('\n');

describe('breakLongWords', () => {
  it('cuts a word wider than the line into pieces that fit and fill it, kerning included, and keeps every character', () => {
    const word = 'w'.repeat(30) + 'i'.repeat(30);
    const out = breakLongWords(word, 20, toyWidth);
    const parts = pieces(out);
    expect(parts.join('')).toBe(word);
    expect(parts).toEqual(['w'.repeat(10), 'w'.repeat(10), 'w'.repeat(9) + 'wi', 'i'.repeat(20), 'i'.repeat(9)]);
    for (const p of parts.slice(0, -1)) expect(toyWidth(p)).toBe(20);
  });

  it('keeps text whose words fit as it is', () => {
    expect(breakLongWords('a few ordinary words\nand lines', 200, () => 5)).toBe('a few ordinary words\nand lines');
    expect(breakLongWords('', 10, () => 1)).toBe('');
  });

  it('cuts what pdfkit cannot break even where JavaScript sees white space: no-break spaces, "! ! !", a run of spaces', () => {
    for (const text of ['a\u00a0'.repeat(100), 'x ' + '! '.repeat(100), 'a' + ' '.repeat(200) + 'b']) {
      const parts = pieces(breakLongWords(text, 20, (s) => s.length));
      expect(parts.join(''), JSON.stringify(text.slice(0, 6))).toBe(text);
      expect(parts.length).toBeGreaterThan(5);
      for (const p of parts) expect(p.length).toBeLessThanOrEqual(20);
    }
  });

  it('measures each distinct character and neighbouring pair once: linear in the input', () => {
    const widthOf = vi.fn((s: string) => s.length);
    breakLongWords('x'.repeat(200_000), 50, widthOf);
    expect(widthOf.mock.calls.length).toBeLessThanOrEqual(2);

    widthOf.mockClear();
    const text = Array.from({ length: 100_000 }, (_, i) => String.fromCharCode(0x21 + ((i * 7919) % 94))).join('');
    breakLongWords(text, 50, widthOf);
    expect(widthOf.mock.calls.length).toBeLessThanOrEqual(94 + 94 * 94);
    expect(widthOf.mock.calls.every(([s]) => s.length <= 2)).toBe(true);
  });
});

describe('toPdf', () => {
  const textDoc = (text: string): ExportDoc => ({ title: 'Long', subject: '', date: 'Nov 23, 2026', isoDate: '2026-11-23', articles: [], text, html: '' });

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
    vi.restoreAllMocks();
    return { chars, buf };
  }

  it('lays out 120,000 characters pdfkit cannot break with a small constant number of measurements per character', async () => {
    const n = 120_000;
    // Before: every line re-measured the rest of the stretch, about n²/170 ≈ 85 million characters.
    for (const text of ['x'.repeat(n), 'a\u00a0'.repeat(n / 2), '! '.repeat(n / 2), 'a' + ' '.repeat(n) + 'b']) {
      const { chars, buf } = await measuredChars(text);
      expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(chars, JSON.stringify(text.slice(0, 4))).toBeLessThan(10 * n);
    }
  });

  it('fills each line of a long word to the real line width', async () => {
    const { buf } = await measuredChars('x'.repeat(5_000));
    const lines = pdfText(buf)
      .split('\n')
      .filter((l) => /^x+$/.test(l));
    expect(lines.join('')).toHaveLength(5_000);
    const probe = new PDFDocument({ size: 'A4', margin: 56 }).font('Helvetica').fontSize(11);
    const lineWidth = probe.page.width - probe.page.margins.left - probe.page.margins.right;
    for (const line of lines.slice(0, -1)) {
      expect(probe.widthOfString(line)).toBeLessThanOrEqual(lineWidth);
      expect(probe.widthOfString(`${line}x`)).toBeGreaterThan(lineWidth);
    }
  });
});
