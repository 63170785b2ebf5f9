// Blog post addresses: /blog/<slug>, lower-case ASCII letters and digits joined by single hyphens. Shared so the
// editor shows the address a title will get before saving; the server checks and decides.
import { slugify as slugOf } from './slug';

export const SLUG_MAX = 100;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A post's slug made from its title (see shared/slug.ts). */
export const slugify = (title: string): string => slugOf(title, SLUG_MAX, 'post');
