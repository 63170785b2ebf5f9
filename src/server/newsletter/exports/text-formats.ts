// Text-based exports: plain text, Markdown and a standalone HTML page.
import { getTheme } from '../../../shared/themes';
import { COLOR_THEMES, FONT_STYLES, LAYOUT_STYLES, NEWSLETTER_DEFAULTS } from '../../../shared/schemas/newsletter';
import { renderIssue } from '../render';
import { renderText } from '../text';
import { issueOf, type ExportDoc } from './document';
import { escapeXml } from '../../xml';

export function toTxt(doc: ExportDoc, appUrl: string): string {
  if (doc.text.trim()) return doc.text.endsWith('\n') ? doc.text : `${doc.text}\n`;
  return renderText(issueOf(doc), { includeBranding: false, appUrl });
}

/** Escapes Markdown control characters so feed text cannot inject links or markup. */
function md(s: string): string {
  return s.replace(/([\\`*_{}[\]()#+\-!<>|~])/g, '\\$1');
}

export function toMarkdown(doc: ExportDoc): string {
  const out = [`# ${md(doc.title)}`, '', `*${doc.date}*`, ''];
  if (doc.subject && doc.subject !== doc.title) out.splice(2, 0, `> ${md(doc.subject)}`, '');
  if (!doc.articles.length) {
    out.push(md(doc.text));
    return out.join('\n') + '\n';
  }
  const { intro, blocks, signOff } = issueOf(doc);
  // The creator's own Markdown, as written: the export is theirs, and a Markdown file is what it was written for.
  const block = (i: number) => blocks.filter((b) => b.afterIndex === i).forEach((b) => out.push(b.markdown.trim(), ''));
  if (intro) out.push(md(intro), '');
  block(-1);
  doc.articles.forEach((a, i) => {
    out.push(
      a.url ? `## ${i + 1}. [${md(a.title)}](<${a.url}>)` : `## ${i + 1}. ${md(a.title)}`,
      '',
      md(a.summary),
      '',
      `*${md([a.source, a.date, a.readTime ? `${a.readTime} read` : ''].filter(Boolean).join(' · '))}*`,
      '',
    );
    block(i);
  });
  if (signOff) out.push(signOff.split('\n').map(md).join('  \n'), '');
  return out.join('\n');
}

function pick<T extends readonly string[]>(list: T, value: string | undefined, fallback: T[number]): T[number] {
  return value && (list as readonly string[]).includes(value) ? (value as T[number]) : fallback;
}

/** The web version re-rendered from the saved sources; saved HTML or the text when there are none. */
export function toHtml(doc: ExportDoc, appUrl: string): string {
  const theme = doc.savedTheme ?? (doc.theme ? getTheme(doc.theme) : undefined);
  if (theme && doc.articles.length) {
    return renderIssue(issueOf(doc), theme, {
      layoutStyle: pick(LAYOUT_STYLES, doc.layoutStyle, NEWSLETTER_DEFAULTS.layoutStyle),
      fontStyle: pick(FONT_STYLES, doc.fontStyle, NEWSLETTER_DEFAULTS.fontStyle),
      colorTheme: pick(COLOR_THEMES, doc.colorTheme, 'light'),
      includeBranding: false,
      appUrl,
    }).webHtml;
  }
  if (doc.html.trim()) return doc.html;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeXml(doc.title)}</title></head><body style="max-width:640px;margin:40px auto;font-family:Georgia,serif;line-height:1.6"><h1>${escapeXml(doc.title)}</h1><p><em>${escapeXml(doc.date)}</em></p><pre style="white-space:pre-wrap;font-family:inherit">${escapeXml(doc.text)}</pre></body></html>`;
}
