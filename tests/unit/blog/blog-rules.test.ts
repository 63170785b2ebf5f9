// Slugs from titles, teasers from the text, and image types and sizes read from the file's own bytes.
import { describe, expect, it } from 'vitest';
import { slugify } from '../../../src/shared/blog-slug';
import { autoExcerpt } from '../../../src/server/blog/posts';
import { sniffImage } from '../../../src/server/blog/images';

describe('slugify', () => {
  it('makes lower-case ASCII joined by single hyphens', () => {
    expect(slugify('  Crème Brûlée — 10 Tips & Tricks!  ')).toBe('creme-brulee-10-tips-tricks');
    expect(slugify('日本語')).toBe('post');
    expect(slugify('a'.repeat(150)).length).toBe(100);
    expect(slugify(`${'word '.repeat(30)}`)).not.toMatch(/-$/);
  });
});

describe('autoExcerpt', () => {
  it('keeps short text whole and skips headings', () => {
    expect(autoExcerpt('# Title\n\nHello **there**. Bye.')).toBe('Hello there. Bye.');
  });
  it('takes whole first sentences up to about 200 characters', () => {
    const s = 'This sentence is exactly about sixty characters long, okay. ';
    const out = autoExcerpt(s.repeat(6));
    expect(out).toBe(s.repeat(3).trim());
  });
  it('cuts one endless sentence at a word with an ellipsis', () => {
    const out = autoExcerpt('word '.repeat(100));
    expect(out.endsWith('word…')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(201);
  });
});

describe('sniffImage', () => {
  const bytes = (...parts: (number[] | string)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

  it('reads GIF, JPEG and the three WebP kinds with their sizes', () => {
    expect(sniffImage(bytes('GIF89a', [0x40, 0x01, 0xf0, 0x00], [0, 0]))).toEqual({ mime: 'image/gif', width: 320, height: 240 });
    const jpeg = bytes([0xff, 0xd8], [0xff, 0xe0, 0, 4, 0, 0], [0xff, 0xc0, 0, 11, 8, 0x01, 0x2c, 0x02, 0x58, 3, 0, 0, 0, 0]);
    expect(sniffImage(jpeg)).toEqual({ mime: 'image/jpeg', width: 600, height: 300 });
    const vp8 = bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8 ', [0, 0, 0, 0], [0, 0, 0], [0x9d, 0x01, 0x2a], [0x80, 0x02, 0xe0, 0x01]);
    expect(sniffImage(vp8)).toEqual({ mime: 'image/webp', width: 640, height: 480 });
    const bits = (100 - 1) | ((50 - 1) << 14);
    const vp8l = bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8L', [0, 0, 0, 0], [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff]);
    expect(sniffImage(vp8l)).toEqual({ mime: 'image/webp', width: 100, height: 50 });
    const vp8x = bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8X', [0, 0, 0, 0], [0, 0, 0, 0], [0xff, 0x03, 0x00], [0xff, 0x01, 0x00]);
    expect(sniffImage(vp8x)).toEqual({ mime: 'image/webp', width: 1024, height: 512 });
  });

  it('refuses SVG, HTML, PDF and truncated headers', () => {
    for (const b of ['<svg xmlns="http://www.w3.org/2000/svg"/>', '<!doctype html><p>hi', '%PDF-1.7', 'GIF8', '\x89PNG']) {
      expect(sniffImage(Buffer.from(b, 'latin1')), b).toBeNull();
    }
  });
});
