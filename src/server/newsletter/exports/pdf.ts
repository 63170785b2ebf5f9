// PDF export with pdfkit: real text (selectable, searchable), links as annotations, document metadata.
import PDFDocument from 'pdfkit';
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
 * Cuts every word wider than `maxWidth` into pieces that fit, with a line break between them. pdfkit
 * breaks such a word itself by re-measuring the whole remainder after every line, which is quadratic
 * (a 120,000-character word took ~9 s); here each character is measured once, from a per-character cache.
 */
export function breakLongWords(text: string, maxWidth: number, widthOf: (ch: string) => number): string {
  const cache = new Map<string, number>();
  const width = (ch: string) => {
    let w = cache.get(ch);
    if (w === undefined) cache.set(ch, (w = widthOf(ch)));
    return w;
  };
  return text.replace(/\S{2,}/g, (word) => {
    let total = 0;
    for (const ch of word) total += width(ch);
    if (total <= maxWidth) return word;
    const pieces: string[] = [];
    let piece = '';
    let used = 0;
    for (const ch of word) {
      const w = width(ch);
      if (used + w > maxWidth && piece) {
        pieces.push(piece);
        piece = '';
        used = 0;
      }
      piece += ch;
      used += w;
    }
    pieces.push(piece);
    return pieces.join('\n');
  });
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
    // Text in the current font and size, with over-long words already cut to the line width (a little
    // narrower, so pdfkit's own measurement with kerning never finds a piece too wide).
    const lineWidth = pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
    const fit = (s: string) => breakLongWords(winAnsi(s), lineWidth * 0.97, (ch) => pdf.widthOfString(ch));
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
    });
    pdf.end();
  });
}
