import { describe, it, expect } from 'vitest';
import { addOpenPixel, markTrackedLinks } from '../../../src/server/tracking/links';
import { clickToken, openToken, readClickToken, readOpenToken } from '../../../src/server/tracking/tokens';
import { isAppleAddress, isMachineClick, isMachineOpen } from '../../../src/server/tracking/record';
import { locationHeader } from '../../../src/server/rest/tracking';
import { compileTemplate, fillTemplate } from '../../../src/server/delivery/personalize';
import { MARKERS } from '../../../src/server/newsletter/markers';

const APP = 'https://app.example';
const SECRET = 'unit-test-secret-0123456789abcdef';

describe('markTrackedLinks', () => {
  const html = `<html><body>
    <a href="https://example.com/a?x=1&amp;y=2#frag" target="_blank" class="l">First <b>story</b> &amp; more</a>
    <a href="mailto:editor@example.com">Write to us</a>
    <a href="#top">Back to top</a>
    <a href="${MARKERS.unsubscribeUrl}">Unsubscribe</a>
    <a href="${MARKERS.webUrl}">View in browser</a>
    <a href="${APP}/p/weekly/issues/1">Archive</a>
    <a href="https://例え.jp/記事?q=ü&amp;r=&quot;x&quot;">Unicode</a>
    <a href="http://example.org/${'x'.repeat(3000)}">Long</a>
    <a href="javascript:alert(1)">Bad</a>
  </body></html>`;

  it('slots only http(s) links outside the product, with the address as the href decodes and the label text', () => {
    const { html: out, links } = markTrackedLinks(html, APP);
    expect(links).toEqual([
      { position: 0, url: 'https://example.com/a?x=1&y=2#frag', label: 'First story & more' },
      { position: 1, url: 'https://例え.jp/記事?q=ü&r="x"', label: 'Unicode' },
      { position: 2, url: `http://example.org/${'x'.repeat(3000)}`, label: 'Long' },
    ]);
    expect(out).toContain('<a href="%%CURATED_LINK_0%%" target="_blank" class="l">First <b>story</b> &amp; more</a>');
    for (const kept of ['mailto:editor@example.com', '#top', MARKERS.unsubscribeUrl, MARKERS.webUrl, `${APP}/p/weekly/issues/1`, 'javascript:alert(1)'])
      expect(out).toContain(`href="${kept}"`);
  });

  it('fills each link slot per reader and keeps the named slots', () => {
    const { html: out } = markTrackedLinks(addOpenPixel(html), APP);
    const t = compileTemplate(out);
    const filled = fillTemplate(t, { unsubscribeUrl: 'U', webUrl: 'W', greeting: 'G', openPixel: 'P' }, (p) => `T${p}`);
    expect(filled).toContain('href="T0"');
    expect(filled).toContain('href="T2"');
    expect(filled).toContain('<img src="P" width="1" height="1" alt=""');
    expect(filled.indexOf('src="P"')).toBeLessThan(filled.indexOf('</body>'));
    expect(filled).not.toContain('%%CURATED');
  });

  it('decodes numeric and named references in the address and the label', () => {
    const refs = 'a&#x27;b&#39;c&amp;d&lt;&gt;&unknown;';
    const { links } = markTrackedLinks(`<a href="https://example.com/${refs}">${refs}</a>`, APP);
    expect(links).toEqual([{ position: 0, url: "https://example.com/a'b'c&d<>&unknown;", label: "a'b'c&d<>&unknown;" }]);
  });
});

describe('tokens', () => {
  it('round-trips and refuses any altered character, another purpose or another secret', () => {
    const ref = { sendId: 'abcDEF_123-xyz', recipientId: 42, position: 7 };
    const t = clickToken(SECRET, ref);
    expect(readClickToken(SECRET, t)).toEqual(ref);
    for (let i = 0; i < t.length; i++) {
      if (t[i] === '.') continue;
      const altered = t.slice(0, i) + (t[i] === 'A' ? 'B' : 'A') + t.slice(i + 1);
      expect(readClickToken(SECRET, altered), `char ${i}`).toBeNull();
    }
    expect(readClickToken('another-secret-0123456789abcdef00', t)).toBeNull();
    expect(readOpenToken(SECRET, t)).toBeNull();
    const o = openToken(SECRET, { sendId: 's1234567', recipientId: 3 });
    expect(readOpenToken(SECRET, o)).toEqual({ sendId: 's1234567', recipientId: 3 });
    expect(readClickToken(SECRET, o)).toBeNull();
    expect(t.length).toBeLessThan(90);
  });
});

describe('machine heuristics', () => {
  const at = new Date('2026-11-23T10:00:00Z');
  const sentAt = new Date(at.getTime() - 3_000);
  const chrome = 'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko)';
  const f = (o: Partial<Parameters<typeof isMachineOpen>[0]>) => ({ ip: '203.0.113.9', userAgent: chrome, method: 'GET', sentAt, at, ...o });

  it('Apple Mail Privacy Protection (Apple addresses, its bare user agent) is a machine open; Gmail’s proxy is a reader', () => {
    expect(isAppleAddress('17.1.2.3')).toBe(true);
    expect(isAppleAddress('::ffff:17.250.1.2')).toBe(true);
    expect(isAppleAddress('170.1.2.3')).toBe(false);
    expect(isMachineOpen(f({ ip: '17.58.1.1' }))).toBe(true);
    expect(isMachineOpen(f({ userAgent: 'Mozilla/5.0' }))).toBe(true);
    expect(isMachineOpen(f({ userAgent: 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)' }))).toBe(false);
    expect(isMachineOpen(f({}))).toBe(false);
    // A non-browser fetching right after delivery is a prefetch; the same later is a reader's client.
    expect(isMachineOpen(f({ userAgent: 'python-requests/2.31' }))).toBe(true);
    expect(isMachineOpen(f({ userAgent: 'python-requests/2.31', sentAt: new Date(at.getTime() - 60_000) }))).toBe(false);
  });

  it('HEAD requests and non-browser clicks right after delivery are machine clicks', () => {
    expect(isMachineClick(f({ method: 'HEAD' }))).toBe(true);
    expect(isMachineClick(f({ userAgent: 'Barracuda scanner' }))).toBe(true);
    expect(isMachineClick(f({ userAgent: 'Barracuda scanner', sentAt: new Date(at.getTime() - 60_000) }))).toBe(false);
    expect(isMachineClick(f({}))).toBe(false);
  });
});

describe('locationHeader', () => {
  it('keeps ASCII addresses exactly and percent-encodes only what a header cannot carry', () => {
    expect(locationHeader('https://example.com/a?x=1&y=%20#f')).toBe('https://example.com/a?x=1&y=%20#f');
    expect(locationHeader('https://example.com/Bücher?q=ñ')).toBe('https://example.com/B%C3%BCcher?q=%C3%B1');
    expect(decodeURI(locationHeader('https://example.com/a b'))).toBe('https://example.com/a b');
  });
});
