// Preparing a send's frozen HTML for tracking, once per send. Clicks: every http(s) link of the issue
// gets a per-reader slot (markers.ts linkMarker) and a `send_links` row with the address exactly as
// its href decodes. Not tracked: mailto: and other schemes, #anchors, hrefs that already hold a slot
// (unsubscribe, web version) and links to the product's own site (the archive, the footer credit).
// Opens: a 1x1 image whose address is a per-reader slot, as the last thing in the body.
// The plain-text part is not touched: it keeps the real addresses (readers see where a link goes).
import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { MARKERS, linkMarker } from '../newsletter/markers';

export interface TrackedLink {
  position: number;
  url: string;
  label: string;
}

const ANCHOR = /<a\b([^>]*?)\shref="([^"]*)"([^>]*)>([\s\S]*?)<\/a>/gi;

const labelOf = (inner: string) =>
  decodeHTML(inner.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);

function isTrackable(url: string, appUrl: string): boolean {
  if (url.includes('%%CURATED_')) return false;
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    const u = new URL(url);
    return u.origin !== new URL(appUrl).origin;
  } catch {
    return false;
  }
}

/** The HTML with tracked hrefs replaced by slots, and the links in document order. */
export function markTrackedLinks(html: string, appUrl: string): { html: string; links: TrackedLink[] } {
  const links: TrackedLink[] = [];
  const out = html.replace(ANCHOR, (whole, before: string, rawHref: string, after: string, inner: string) => {
    const url = decodeHTMLAttribute(rawHref).trim();
    if (!isTrackable(url, appUrl)) return whole;
    const position = links.length;
    links.push({ position, url, label: labelOf(inner) });
    return `<a${before} href="${linkMarker(position)}"${after}>${inner}</a>`;
  });
  return { html: out, links };
}

const PIXEL = `<img src="${MARKERS.openPixel}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0;margin:0;padding:0" />`;

/** Adds the open pixel just before </body> (or at the end when the HTML has no body tag). */
export function addOpenPixel(html: string): string {
  const at = html.toLowerCase().lastIndexOf('</body>');
  return at === -1 ? html + PIXEL : html.slice(0, at) + PIXEL + html.slice(at);
}
