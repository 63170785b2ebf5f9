// A saved theme's logo: the upload's type is read from its own bytes (PNG, JPEG, WebP or GIF; an SVG or
// a page renamed .png is refused), it is resized to fit 480 × 160 pixels (shown at half that, sharp on
// high-density screens) and re-encoded as PNG, which every mail client shows; stored with the other
// uploads and served from /media/<id>.png. sharp loads on first use.
import crypto from 'node:crypto';
import { contentImages } from '../../../db/schema';
import type { Db } from '../db';
import { AppError } from '../errors';
import { capabilitiesFor, type PlanHolder } from '../../shared/plans';
import { LOGO_BOX, LOGO_MSG } from '../../shared/schemas/themes';
import { sniffImage } from '../blog/images';
import { THEME_MSG } from './custom-themes';

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Decompression bombs: a small file claiming a huge canvas is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

type Ctx = { db: Db; user: PlanHolder & { id: string }; now: () => Date };

export async function uploadLogo(ctx: Ctx, bytes: Uint8Array) {
  if (!capabilitiesFor(ctx.user).customThemes) throw new AppError('FORBIDDEN', THEME_MSG.needsPlan);
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', LOGO_MSG.empty);
  if (bytes.length > LOGO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', LOGO_MSG.tooLarge);
  if (!sniffImage(bytes)) throw new AppError('BAD_REQUEST', LOGO_MSG.type);
  const { default: sharp } = await import('sharp');
  let out: { data: Buffer; info: { width: number; height: number } };
  try {
    out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: LOGO_BOX.width, height: LOGO_BOX.height, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('BAD_REQUEST', LOGO_MSG.unreadable);
  }
  const row = {
    id: crypto.randomUUID(),
    mime: 'image/png',
    bytes: out.data,
    size: out.data.length,
    width: out.info.width,
    height: out.info.height,
    uploadedBy: ctx.user.id,
    createdAt: ctx.now(),
  };
  await ctx.db.insert(contentImages).values(row);
  return { id: row.id, width: row.width, height: row.height };
}
