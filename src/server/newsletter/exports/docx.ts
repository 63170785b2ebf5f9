// Word export with docx: a title, a date line, and one heading, summary and hyperlink per article.
import { Document, ExternalHyperlink, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { ExportDoc } from './document';

export function toDocx(doc: ExportDoc): Promise<Buffer> {
  const body: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(doc.title)] }),
    new Paragraph({ children: [new TextRun({ text: doc.date, italics: true, color: '666666' })] }),
  ];
  if (!doc.articles.length) for (const line of doc.text.split('\n')) body.push(new Paragraph({ children: [new TextRun(line)] }));
  doc.articles.forEach((a, i) => {
    body.push(
      new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(`${i + 1}. ${a.title}`)] }),
      new Paragraph({ children: [new TextRun(a.summary)] }),
      new Paragraph({ children: [new TextRun({ text: [a.source, a.date, a.readTime ? `${a.readTime} read` : ''].filter(Boolean).join(' · '), color: '666666', size: 18 })] }),
    );
    if (a.url) body.push(new Paragraph({ children: [new ExternalHyperlink({ link: a.url, children: [new TextRun({ text: a.url, style: 'Hyperlink' })] })] }));
  });
  const file = new Document({ creator: 'Curated', title: doc.title, description: doc.subject, sections: [{ children: body }] });
  return Packer.toBuffer(file) as Promise<Buffer>;
}
