// Addresses and file names made from a title or a name: accents dropped, every run of other characters
// but ASCII letters and digits one hyphen, cut to a length without a trailing hyphen. Blog posts, publication
// pages and export file names each keep their own length and fallback.

/** `slugify('Crème Brûlée — 10 Tips!', 100, 'post')` -> 'creme-brulee-10-tips'; `fallback` when nothing is left. */
export function slugify(text: string, max: number, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || fallback;
}
