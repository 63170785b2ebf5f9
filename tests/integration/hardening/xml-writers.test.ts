// Defect 6: EPUB and DOCX exports were not well-formed XML when a title or text held characters XML
// forbids (control characters, U+FFFE, lone surrogates). Every XML writer now passes text through one
// helper; each part of each document is checked with a strict XML parser.
// @postgres
import { describe, it, expect } from 'vitest';
import JSZip from 'jszip';
import { SaxesParser } from 'saxes';
import { harnessWithAdmin } from '../../helpers/app';
import { signedIn } from '../newsletter/support';
import { xmlSafe, escapeXml } from '../../../src/server/xml';
import { buildOpml } from '../../../src/server/feeds/opml';
import { DIALECT } from '../../../db/dialect';

const HOSTILE = 'Bad\u0001 \u000bchars\ufffe and a lone \ud800 surrogate, \u0008 & <tags>';

/** Parses with saxes, a strict XML 1.0 parser (it refuses forbidden characters, which lenient ones accept). */
function wellFormed(name: string, xml: string) {
  const errors: string[] = [];
  const parser = new SaxesParser();
  parser.on('error', (e) => errors.push(e.message));
  parser.write(xml).close();
  expect(errors, name).toEqual([]);
}

async function exportParts(format: 'epub' | 'docx', draft: Record<string, unknown>) {
  const h = await harnessWithAdmin();
  const { user, cookie } = await signedIn(h, { planType: 'enterprise' });
  const d = await h.caller(user).drafts.create(draft as never);
  const res = await h.app.request(`/api/newsletters/${d.id}/export/${format}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
  const parts = Object.values(zip.files).filter((f) => !f.dir && /\.(xml|xhtml|opf|ncx|rels)$/.test(f.name));
  expect(parts.length).toBeGreaterThan(2);
  return Promise.all(parts.map(async (f) => ({ name: f.name, xml: await f.async('string') })));
}

describe('xmlSafe', () => {
  it('drops exactly the characters XML 1.0 forbids, keeping tabs, new lines and astral characters', () => {
    expect(xmlSafe('a\u0000b\u0001c\u0009d\u000ae\u000df\ufffeg\uffffh\ud800i\udc00j😀k')).toBe('abc\u0009d\u000ae\u000dfghij😀k');
    expect(escapeXml(`<a href="x">&'</a>\u0002`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;');
  });
});

describe('XML writers with hostile text', () => {
  const articles = [{ id: 'a1', title: `Title ${HOSTILE}`, summary: `Summary ${HOSTILE}`, url: 'https://example.com/a', source: `Source ${HOSTILE}` }];
  for (const format of ['epub', 'docx'] as const) {
    it(`${format} with articles: every part is well-formed and the text survives`, async () => {
      const parts = await exportParts(format, { title: `Issue ${HOSTILE}`, subject: `Subject ${HOSTILE}`, contentSources: { channels: [], articles } });
      for (const p of parts) wellFormed(p.name, p.xml);
      // SQLite keeps the lone surrogate and the XML writer drops it; Postgres cannot store one and keeps U+FFFD in its place.
      expect(parts.map((p) => p.xml).join('')).toContain(`chars and a lone ${DIALECT === 'postgresql' ? '\ufffd' : ''} surrogate`);
    });

    it(`${format} of saved text only: well-formed`, async () => {
      const parts = await exportParts(format, {
        title: `Issue ${HOSTILE}`,
        content: `First ${HOSTILE}\n\nSecond paragraph`,
        contentSources: { channels: [], articles: [] },
      });
      for (const p of parts) wellFormed(p.name, p.xml);
    });
  }

  it('OPML export', () => {
    const opml = buildOpml(
      `Mine ${HOSTILE}`,
      [{ name: `Feed ${HOSTILE}`, url: 'https://example.com/feed?a=1&b=2', siteUrl: null, niche: `n ${HOSTILE}` }],
      new Date('2026-11-23T00:00:00Z'),
    );
    wellFormed('opml', opml);
  });

  it('the sitemap', async () => {
    const h = await harnessWithAdmin({ env: { APP_URL: 'https://news.example.com/a&b' } });
    const res = await h.app.request('/sitemap.xml');
    wellFormed('sitemap', await res.text());
  });
});
