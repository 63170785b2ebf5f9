// PDF export with pdfkit: real text (selectable, searchable), links as annotations, document metadata.
import PDFDocument from 'pdfkit';
import LineBreaker from 'linebreak';
import type { ExportDoc } from './document';

/** pdfkit's standard fonts are WinAnsi: characters outside it become '?' instead of garbage. */
function winAnsi(s: string): string {
  return s
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/[^\u0000-\u00ff€•]/g, '?');
}

/**
 * Cuts every stretch of text pdfkit cannot break (its own line breaker, UAX #14, decides: a word, but also
 * letters joined by no-break spaces, a run of spaces, "! ! !") that is wider than `maxWidth` into pieces
 * that fit, with a line break between them. pdfkit breaks such a stretch itself by re-measuring the whole
 * remainder after every line, which is quadratic (a 120,000-character word took ~9 s). Here a piece grows
 * by each character's advance, the width of the character and its predecessor less the predecessor's
 * (so kerning counts, as in pdfkit's own sum), measured once per distinct pair: linear, and each line is
 * filled to the real width.
 */
export function breakLongWords(text: string, maxWidth: number, widthOf: (s: string) => number): string {
  const widths = new Map<string, number>();
  const measure = (s: string) => {
    let w = widths.get(s);
    if (w === undefined) widths.set(s, (w = widthOf(s)));
    return w;
  };
  const fitted = (segment: string) => {
    const pieces: string[] = [];
    let from = 0;
    let at = 0;
    let used = 0;
    let prev = '';
    for (const ch of segment) {
      const advance = prev ? measure(prev + ch) - measure(prev) : measure(ch);
      if (used + advance > maxWidth && at > from) {
        pieces.push(segment.slice(from, at));
        from = at;
        used = measure(ch);
      } else used += advance;
      prev = ch;
      at += ch.length;
    }
    if (!pieces.length) return segment;
    pieces.push(segment.slice(from));
    return pieces.join('\n');
  };
  const out: string[] = [];
  const breaker = new LineBreaker(text);
  let start = 0;
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    out.push(fitted(text.slice(start, bk.position)));
    start = bk.position;
  }
  return out.join('');
}

export function toPdf(doc: ExportDoc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: doc.title, Subject: doc.subject, Creator: 'Curated', CreationDate: new Date(doc.isoDate) },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    // Text in the current font and size, with over-long stretches already cut to the line width (less a
    // hundredth of a point: pdfkit rounds widths to 32-bit floats before comparing).
    const lineWidth = pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
    const fit = (s: string) => breakLongWords(winAnsi(s), lineWidth - 0.01, (part) => pdf.widthOfString(part));
    pdf.font('Times-Bold').fontSize(26).fillColor('#111111');
    pdf.text(fit(doc.title));
    pdf.moveDown(0.2).font('Helvetica').fontSize(10).fillColor('#666666').text(fit(doc.date));
    pdf
      .moveDown(0.6)
      .strokeColor('#999999')
      .moveTo(pdf.page.margins.left, pdf.y)
      .lineTo(pdf.page.width - pdf.page.margins.right, pdf.y)
      .stroke();
    pdf.moveDown(0.8);
    if (!doc.articles.length) {
      pdf.font('Helvetica').fontSize(11).fillColor('#222222');
      pdf.text(fit(doc.text));
    }
    const body = (s: string) => {
      pdf.font('Helvetica').fontSize(11).fillColor('#222222');
      pdf.text(fit(s), { lineGap: 2 });
      pdf.moveDown(0.9);
    };
    const blocks = (i: number) => doc.issue?.blocks.filter((b) => b.afterIndex === i).forEach((b) => body(b.text));
    if (doc.issue?.intro) body(doc.issue.intro);
    if (doc.articles.length) blocks(-1);
    doc.articles.forEach((a, i) => {
      pdf.font('Times-Bold').fontSize(15).fillColor('#111111');
      pdf.text(fit(`${i + 1}. ${a.title}`), a.url ? { link: a.url } : {});
      pdf.moveDown(0.2).font('Helvetica').fontSize(11).fillColor('#222222');
      pdf.text(fit(a.summary), { lineGap: 2 });
      pdf.moveDown(0.2).fontSize(9).fillColor('#666666');
      pdf.text(fit([a.source, a.date, a.readTime ? `${a.readTime} read` : ''].filter(Boolean).join(' · ')));
      if (a.url) {
        pdf.fontSize(9).fillColor('#1d4ed8');
        pdf.text(fit(a.url), { link: a.url, underline: true });
      }
      pdf.moveDown(0.9);
      blocks(i);
    });
    if (doc.articles.length && doc.issue?.signOff) body(doc.issue.signOff);
    pdf.end();
  });
}
