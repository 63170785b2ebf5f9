// Quoted-printable (RFC 2045 §6.7) in one pass over the UTF-8 bytes, straight into a buffer. nodemailer's
// own encoder escapes byte by byte into a string and wraps it afterwards with regular expressions: a third
// of the CPU of a bulk send. Text parts stay quoted-printable (spam filters score base64 text).

/** Longest encoded line before the soft break's '=' (76 on the wire with it). */
const MAX = 75;
const HEX = Buffer.from('0123456789ABCDEF');
const CR = 0x0d;
const LF = 0x0a;
const SP = 0x20;
const TAB = 0x09;
const EQ = 0x3d;

/** Bytes of the UTF-8 character a byte starts (1 for ASCII and for stray continuation bytes). */
function charLength(b: number): number {
  if (b < 0xc0) return 1;
  if (b < 0xe0) return 2;
  if (b < 0xf0) return 3;
  return 4;
}

/** True at the end of the text or of a line (LF or CRLF). */
function lineEndsAt(src: Buffer, j: number): boolean {
  const c = src[j];
  return c === undefined || c === LF || (c === CR && src[j + 1] === LF);
}

/**
 * Encodes text as quoted-printable with CRLF line ends: LF and CRLF become hard line breaks, a lone CR
 * is escaped, spaces and tabs before a line end are escaped, lines are at most 76 characters and a
 * UTF-8 character is never split across a soft break.
 */
export function encodeQuotedPrintable(text: string): Buffer {
  const src = Buffer.from(text, 'utf8');
  const len = src.length;
  // Worst case: every byte escaped (3) plus a soft break (3) per line of at least 64 characters.
  const out = Buffer.allocUnsafe(len * 3 + Math.ceil(len / 16) * 3 + 3);
  let o = 0;
  let col = 0;
  let i = 0;
  const softBreak = () => {
    out[o++] = EQ;
    out[o++] = CR;
    out[o++] = LF;
    col = 0;
  };
  while (i < len) {
    const b = src[i]!;
    if (lineEndsAt(src, i)) {
      out[o++] = CR;
      out[o++] = LF;
      col = 0;
      i += b === CR ? 2 : 1;
      continue;
    }
    // Printable ASCII but '=' goes as it is; so do a space and a tab, except before a line end.
    const literal = (b >= 0x21 && b <= 0x7e && b !== EQ) || ((b === SP || b === TAB) && !lineEndsAt(src, i + 1));
    if (literal) {
      if (col >= MAX) softBreak();
      out[o++] = b;
      col++;
      i++;
      continue;
    }
    // Escaped: the whole UTF-8 character goes on one line.
    let n = b >= 0x80 ? charLength(b) : 1;
    if (i + n > len) n = len - i;
    for (let k = 1; k < n; k++) {
      const c = src[i + k]!;
      if (c < 0x80 || c >= 0xc0) {
        n = k;
        break;
      }
    }
    if (col + 3 * n > MAX) softBreak();
    for (let k = 0; k < n; k++) {
      const c = src[i + k]!;
      out[o++] = EQ;
      out[o++] = HEX[c >> 4]!;
      out[o++] = HEX[c & 15]!;
    }
    col += 3 * n;
    i += n;
  }
  return out.subarray(0, o);
}
