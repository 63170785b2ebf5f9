// Word export with docx: a title, a date line, and one heading, summary and hyperlink per article.
// docx escapes markup but keeps characters XML forbids, so every string passes xmlSafe first.
import { Document, ExternalHyperlink, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { ExportDoc } from './document';
import { xmlSafe as t } from '../../xml';

export function toDocx(doc: ExportDoc): Promise<Buffer> {
  const body: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(t(doc.title))] }),
    new Paragraph({ children: [new TextRun({ text: t(doc.date), italics: true, color: '666666' })] }),
  ];
  if (!doc.articles.length) for (const line of doc.text.split('\n')) body.push(new Paragraph({ children: [new TextRun(t(line))] }));
  const lines = (s: string) => s.split('\n').forEach((line) => body.push(new Paragraph({ children: [new TextRun(t(line))] })));
  const blocks = (i: number) => doc.issue?.blocks.filter((b) => b.afterIndex === i).forEach((b) => lines(b.text));
  if (doc.articles.length) {
    if (doc.issue?.intro) lines(doc.issue.intro);
    blocks(-1);
  }
  doc.articles.forEach((a, i) => {
    body.push(
      new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(t(`${i + 1}. ${a.title}`))] }),
      new Paragraph({ children: [new TextRun(t(a.summary))] }),
      new Paragraph({
        children: [new TextRun({ text: t([a.source, a.date, a.readTime ? `${a.readTime} read` : ''].filter(Boolean).join(' · ')), color: '666666', size: 18 })],
      }),
    );
    if (a.url)
      body.push(new Paragraph({ children: [new ExternalHyperlink({ link: t(a.url), children: [new TextRun({ text: t(a.url), style: 'Hyperlink' })] })] }));
    blocks(i);
  });
  if (doc.articles.length && doc.issue?.signOff) lines(doc.issue.signOff);
  const file = new Document({ creator: 'Curated', title: t(doc.title), description: t(doc.subject), sections: [{ children: body }] });
  return Packer.toBuffer(file) as Promise<Buffer>;
}
