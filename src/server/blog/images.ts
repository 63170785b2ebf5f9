// Cover images: the type is read from the file's own first bytes (JPEG, PNG, WebP, GIF; never the name or
// the browser's claim), so an SVG or an HTML page renamed .png is refused. Width and height come from the
// header where the format keeps them simply. Stored in SQLite; served at /media/<id> with the checked type.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { contentImages } from '../../../db/schema';
import { AppError } from '../errors';
import { BLOG_MSG } from '../../shared/schemas/blog';
import { mediaUrl, type BlogCtx } from './posts';

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

export interface ImageInfo {
  mime: ImageMime;
  width: number | null;
  height: number | null;
}

const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    // Start-of-frame markers (not DHT C4, JPG C8, DAC CC) carry height then width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    if (marker === 0xda || marker === 0xd9) return null; // image data began before any frame header
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): { width: number; height: number } | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/** The image type from the file's magic number, with its dimensions when the header gives them; null if not an accepted image. */
export function sniffImage(b: Uint8Array): ImageInfo | null {
  if (b.length >= 24 && PNG_SIGNATURE.every((v, i) => b[i] === v)) {
    const ihdr = ascii(b, 12, 4) === 'IHDR';
    return { mime: 'image/png', width: ihdr ? u32be(b, 16) : null, height: ihdr ? u32be(b, 20) : null };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    const size = jpegSize(b);
    return { mime: 'image/jpeg', width: size?.width ?? null, height: size?.height ?? null };
  }
  if (b.length >= 10 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) {
    return { mime: 'image/gif', width: u16le(b, 6), height: u16le(b, 8) };
  }
  if (b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') {
    const size = webpSize(b);
    return { mime: 'image/webp', width: size?.width ?? null, height: size?.height ?? null };
  }
  return null;
}

export async function uploadImage(ctx: BlogCtx, bytes: Uint8Array) {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', BLOG_MSG.imageEmpty);
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', BLOG_MSG.imageTooLarge);
  const info = sniffImage(bytes);
  if (!info) throw new AppError('BAD_REQUEST', BLOG_MSG.imageType);
  const row = {
    id: crypto.randomUUID(),
    mime: info.mime,
    bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    size: bytes.length,
    // A header claiming absurd sizes is kept as unknown rather than trusted into the page's layout.
    width: info.width && info.width <= 100_000 ? info.width : null,
    height: info.height && info.height <= 100_000 ? info.height : null,
    uploadedBy: ctx.user.id,
    createdAt: ctx.now(),
  };
  await ctx.db.insert(contentImages).values(row);
  return { id: row.id, url: mediaUrl(row.id), mime: row.mime, size: row.size, width: row.width, height: row.height };
}

/** An uploaded image for /media/<id>, or null. */
export async function readImage(db: BlogCtx['db'], id: string) {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) return null;
  const [image] = await db.select({ mime: contentImages.mime, bytes: contentImages.bytes }).from(contentImages).where(eq(contentImages.id, id)).limit(1);
  return image ?? null;
}
