// escapeHtml is the one hand-built-HTML escape (issue slots, a text-only mail's HTML part): every character
// that can open markup or end a quoted attribute becomes an entity, and nothing else changes.
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../src/server/xml';

describe('escapeHtml', () => {
  it('turns markup and both quote kinds into entities', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
  });

  it('leaves other text alone and escapes the ampersand of an entity again', () => {
    expect(escapeHtml('Café — naïve')).toBe('Café — naïve');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
