// The one way text enters XML this server writes (EPUB, DOCX, OPML, the sitemap): characters XML 1.0
// forbids are dropped, so a title holding a control character cannot make a document unreadable.
// Beside it, the one way text enters HTML built by hand (personalised mail slots, a text-only mail's HTML part).

// XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]. With the u flag a
// valid surrogate pair is one code point, so only lone surrogates match the surrogate range.
const FORBIDDEN = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** The text with every character XML 1.0 forbids removed. */
export function xmlSafe(s: string): string {
  return s.replace(FORBIDDEN, '');
}

/** xmlSafe, then the five predefined entities: for element text and attribute values alike. */
export function escapeXml(s: string): string {
  return xmlSafe(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export { escapeHtml } from '../shared/html';
