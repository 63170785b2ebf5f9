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
    pdf.font('Times-Bold').fontSize(26).fillColor('#111111').text(winAnsi(doc.title));
    pdf.moveDown(0.2).font('Helvetica').fontSize(10).fillColor('#666666').text(doc.date);
    pdf
      .moveDown(0.6)
      .strokeColor('#999999')
      .moveTo(pdf.page.margins.left, pdf.y)
      .lineTo(pdf.page.width - pdf.page.margins.right, pdf.y)
      .stroke();
    pdf.moveDown(0.8);
    if (!doc.articles.length) pdf.font('Helvetica').fontSize(11).fillColor('#222222').text(winAnsi(doc.text));
    doc.articles.forEach((a, i) => {
      pdf
        .font('Times-Bold')
        .fontSize(15)
        .fillColor('#111111')
        .text(winAnsi(`${i + 1}. ${a.title}`), a.url ? { link: a.url } : {});
      pdf.moveDown(0.2).font('Helvetica').fontSize(11).fillColor('#222222').text(winAnsi(a.summary), { lineGap: 2 });
      pdf
        .moveDown(0.2)
        .fontSize(9)
        .fillColor('#666666')
        .text(winAnsi([a.source, a.date, a.readTime ? `${a.readTime} read` : ''].filter(Boolean).join(' · ')));
      if (a.url) pdf.fontSize(9).fillColor('#1d4ed8').text(a.url, { link: a.url, underline: true });
      pdf.moveDown(0.9);
    });
    pdf.end();
  });
}
