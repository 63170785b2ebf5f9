// Avatar rules (spec §5, §9): an image under 1 MB, scaled so the longest side is at most 200 px,
// saved as a JPEG data URL at quality 0.7.
import { MSG } from '../../../shared/messages';

export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_MAX_SIDE = 200;
export const AVATAR_JPEG_QUALITY = 0.7;

/** The validation message for a chosen file, or null when it may be used. */
export function avatarFileError(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return MSG.avatarNotImage;
  if (file.size >= AVATAR_MAX_BYTES) return MSG.avatarTooLarge;
  return null;
}

export function scaledSize(width: number, height: number, max = AVATAR_MAX_SIDE) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(MSG.avatarNotImage));
    };
    img.src = url;
  });
}

export async function resizeAvatar(file: File): Promise<string> {
  const img = await loadImage(file);
  const { width, height } = scaledSize(img.naturalWidth, img.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  if (!g) throw new Error(MSG.avatarNotImage);
  // JPEG has no transparency: paint white first so transparent PNGs do not turn black.
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, width, height);
  g.drawImage(img, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', AVATAR_JPEG_QUALITY);
}
