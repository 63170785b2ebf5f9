// Substack has no public API: "Copy for Substack" gives the saved newsletter as clean HTML (headings,
// paragraphs, links and images only: no table layout, styles or scripts) and as Markdown, to paste.
import { exportDocFrom } from '../newsletter/exports/document';
import { toMarkdown } from '../newsletter/exports/text-formats';
import { findOwnedDraft } from '../newsletter/drafts';
import { escapeXml } from '../xml';
import type { IntegrationsCtx } from './connections';

export const SUBSTACK_NOTE =
  'Substack has no public API, so nothing is sent from here: copy the HTML or the Markdown and paste it into Substack’s post editor.';

export async function substackCopy(ctx: Pick<IntegrationsCtx, 'db' | 'user' | 'now'>, newsletterId: string) {
  const row = await findOwnedDraft(ctx, newsletterId);
  const doc = exportDocFrom(row);
  const e = escapeXml;
  const out = [`<h1>${e(doc.title)}</h1>`];
  if (doc.subject && doc.subject !== doc.title) out.push(`<p><em>${e(doc.subject)}</em></p>`);
  if (doc.articles.length) {
    for (const a of doc.articles) {
      out.push(a.url ? `<h2><a href="${e(a.url)}">${e(a.title)}</a></h2>` : `<h2>${e(a.title)}</h2>`);
      if (a.imageUrl) out.push(`<p><img src="${e(a.imageUrl)}" alt="${e(a.imageAlt)}"></p>`);
      if (a.summary) out.push(`<p>${e(a.summary)}</p>`);
      const meta = [a.source, a.date, a.readTime ? `${a.readTime} read` : ''].filter(Boolean).join(' · ');
      if (meta) out.push(`<p><em>${e(meta)}</em></p>`);
    }
  } else {
    for (const p of doc.text
      .split(/\n{2,}/)
      .map((s) => s.trim())
      .filter(Boolean))
      out.push(`<p>${e(p).replace(/\n/g, '<br>')}</p>`);
  }
  return { title: row.title, html: out.join('\n'), markdown: toMarkdown(doc), note: SUBSTACK_NOTE };
}
