// Public addresses made from publication names: readable, ASCII, never empty, at most 60 characters.
import { describe, it, expect } from 'vitest';
import { slugify } from '../../../src/server/readers/pages/slug';

describe('slugify', () => {
  it.each([
    ['Field Notes', 'field-notes'],
    ['  Café  Crème — Weekly! ', 'cafe-creme-weekly'],
    ['C++ & Rust: 2026', 'c-rust-2026'],
    ['東京', 'newsletter'],
    ['---', 'newsletter'],
  ])('%j → %j', (name, slug) => expect(slugify(name)).toBe(slug));

  it('cuts long names at 60 characters without a trailing dash', () => {
    const slug = slugify('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
