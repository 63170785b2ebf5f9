// Turns fetched bytes into text: the byte-order mark wins, then the HTTP charset, then the XML
// declaration (or an HTML meta charset), else UTF-8 (RFC 7303 order).
import iconv from 'iconv-lite';

const ALIASES: Record<string, string> = { 'iso-8859-1': 'windows-1252', latin1: 'windows-1252', 'us-ascii': 'windows-1252', ascii: 'windows-1252' };

function bomEncoding(buf: Buffer): { enc: string; skip: number } | null {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return { enc: 'utf-8', skip: 3 };
  if (buf[0] === 0xfe && buf[1] === 0xff) return { enc: 'utf-16be', skip: 2 };
  if (buf[0] === 0xff && buf[1] === 0xfe) return { enc: 'utf-16le', skip: 2 };
  // UTF-16 without a BOM still starts with "<" encoded in two bytes.
  if (buf[0] === 0x00 && buf[1] === 0x3c) return { enc: 'utf-16be', skip: 0 };
  if (buf[0] === 0x3c && buf[1] === 0x00) return { enc: 'utf-16le', skip: 0 };
  return null;
}

export function charsetFromContentType(contentType: string): string | null {
  const m = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType);
  return m ? m[1].toLowerCase() : null;
}

function declaredEncoding(head: string): string | null {
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head);
  if (xml) return xml[1].toLowerCase();
  const meta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head);
  return meta ? meta[1].toLowerCase() : null;
}

/** Web browsers treat ISO-8859-1 labels as windows-1252; feeds from Windows tools rely on it. */
function usable(enc: string | null): string | null {
  if (!enc) return null;
  const e = ALIASES[enc] ?? enc;
  return iconv.encodingExists(e) ? e : null;
}

export function decodeBody(buf: Buffer, contentType = ''): string {
  const bom = bomEncoding(buf);
  if (bom) return iconv.decode(buf.subarray(bom.skip), bom.enc).replace(/^\uFEFF/, '');
  // Without a BOM the bytes were ASCII-compatible, so a UTF-16 label (header or declaration) is wrong.
  const header = usable(charsetFromContentType(contentType));
  if (header && !header.startsWith('utf-16')) return iconv.decode(buf, header);
  const head = buf.subarray(0, 1024).toString('latin1');
  const declared = usable(declaredEncoding(head));
  if (declared && !declared.startsWith('utf-16')) return iconv.decode(buf, declared);
  return buf.toString('utf8');
}
