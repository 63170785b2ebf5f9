// OPML 2.0 import and export of a user's channels (the subscription-list format every reader uses).
import { Parser } from 'htmlparser2';
import { decodeHTML } from 'entities';
import { escapeXml as esc } from '../xml';

export interface OpmlOutline {
  url: string;
  title: string;
  siteUrl: string | null;
  /** The enclosing folder's name, used as the channel's niche. */
  category: string | null;
}

/** Every outline with an xmlUrl, in document order; nested folders give their name as category. */
export function parseOpml(text: string): OpmlOutline[] {
  const out: OpmlOutline[] = [];
  const folders: (string | null)[] = [];
  const parser = new Parser(
    {
      onopentag(name, raw) {
        if (name !== 'outline') return;
        const a = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k.toLowerCase(), decodeHTML(v).trim()]));
        const label = a.title || a.text || '';
        if (a.xmlurl) {
          out.push({
            url: a.xmlurl,
            title: label,
            siteUrl: a.htmlurl || null,
            category: a.category?.split(/[,/]/).filter(Boolean).pop() ?? folders.findLast(Boolean) ?? null,
          });
          folders.push(null);
        } else folders.push(label || null);
      },
      onclosetag(name) {
        if (name === 'outline') folders.pop();
      },
    },
    { xmlMode: true, decodeEntities: false },
  );
  parser.write(text);
  parser.end();
  return out;
}

export function buildOpml(title: string, channels: { name: string; url: string; siteUrl: string | null; niche: string }[], now: Date): string {
  const lines = channels.map(
    (c) =>
      `    <outline type="rss" text="${esc(c.name)}" title="${esc(c.name)}" xmlUrl="${esc(c.url)}"${c.siteUrl ? ` htmlUrl="${esc(c.siteUrl)}"` : ''} category="${esc(c.niche)}"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0">\n  <head>\n    <title>${esc(title)}</title>\n    <dateCreated>${now.toUTCString()}</dateCreated>\n  </head>\n  <body>\n${lines.join('\n')}\n  </body>\n</opml>\n`;
}
