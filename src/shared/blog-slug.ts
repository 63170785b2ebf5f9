// Blog post addresses: /blog/<slug>, lower-case ASCII letters and digits joined by single hyphens. Shared so the
// editor shows the address a title will get before saving; the server checks and decides.

export const SLUG_MAX = 100;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug made from a title: accents dropped, everything else that is not a letter or digit becomes a hyphen. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug || 'post';
}
