// @postgres
import { describe, it, expect } from 'vitest';
import JSZip from 'jszip';
import { harnessWithAdmin } from '../../helpers/app';
import { sampleArticles, inspect } from '../../unit/newsletter/helpers';
import { pdfText, signedIn } from './support';
import type { PlanType } from '../../../src/shared/plans';

const TITLE = 'Compiler Weekly: Issue 3';

async function setup(planType: PlanType = 'enterprise') {
  const h = await harnessWithAdmin({ deps: { now: () => new Date('2026-11-21T08:00:00Z') } });
  const { user, cookie } = await signedIn(h, { planType });
  const articles = [
    ...sampleArticles(2),
    { id: 'x', title: 'Tricky <b>markup</b> & [link](javascript:alert(1))', summary: 'Summary with *stars* and <script>', url: 'javascript:alert(1)' },
  ];
  const d = await h.caller(user).drafts.create({
    title: TITLE,
    subject: 'Subject line',
    content: 'Saved plain text',
    htmlContent: '',
    contentSources: { channels: [], articles, theme: 'newsprint', layoutStyle: 'two-column' },
  });
  const get = (format: string, id = d.id, c = cookie) => h.app.request(`/api/newsletters/${id}/export/${format}`, { headers: { cookie: c } });
  return { h, user, cookie, id: d.id, get };
}

describe('GET /api/newsletters/:id/export/:format', () => {
  it('exports txt, md, pdf, html, docx and epub with MIME types and dated file names', async () => {
    const { get } = await setup('enterprise');
    const expectFile = async (format: string, mime: string) => {
      const res = await get(format);
      expect(res.status, format).toBe(200);
      expect(res.headers.get('content-type')).toBe(mime);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="compiler-weekly-issue-3-2026-11-21.${format}"; filename*=UTF-8''compiler-weekly-issue-3-2026-11-21.${format}`,
      );
      return Buffer.from(await res.arrayBuffer());
    };

    expect((await expectFile('txt', 'text/plain; charset=utf-8')).toString()).toBe('Saved plain text\n');

    const md = (await expectFile('md', 'text/markdown; charset=utf-8')).toString();
    expect(md).toMatch(/^# Compiler Weekly: Issue 3\n/);
    expect(md).toContain('## 1. [Story 1: regulators approve the new regional rail link after years of debate](<https://news.example.com/stories/1>)');
    expect(md).toContain('## 3. Tricky \\<b\\>markup\\</b\\> & \\[link\\]\\(javascript:alert\\(1\\)\\)');
    expect(md).not.toMatch(/\]\(<?javascript:/);

    const pdf = await expectFile('pdf', 'application/pdf');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(TITLE);
    expect(text).toContain('Story 1: regulators approve');

    const html = (await expectFile('html', 'text/html; charset=utf-8')).toString();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain(TITLE);
    const page = inspect(html);
    expect(page.byTag('script')).toHaveLength(0);
    expect(page.byTag('a').every((a) => /^https?:\/\//.test(a.attribs.href))).toBe(true);
    expect(page.text).toContain('Tricky <b>markup</b>');

    const docx = await JSZip.loadAsync(await expectFile('docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'));
    expect(Object.keys(docx.files)).toEqual(expect.arrayContaining(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']));
    const xml = await docx.file('word/document.xml')!.async('string');
    expect(xml).toContain(TITLE);
    expect(xml).toContain('Story 2: regulators approve');

    const epubBuf = await expectFile('epub', 'application/epub+zip');
    expect(epubBuf.subarray(30, 38).toString()).toBe('mimetype');
    expect(epubBuf.readUInt16LE(8)).toBe(0);
    const epub = await JSZip.loadAsync(epubBuf);
    expect(Object.keys(epub.files)[0]).toBe('mimetype');
    expect(await epub.file('mimetype')!.async('string')).toBe('application/epub+zip');
    expect(await epub.file('META-INF/container.xml')!.async('string')).toContain('full-path="OEBPS/content.opf"');
    const opf = await epub.file('OEBPS/content.opf')!.async('string');
    expect(opf).toContain('<dc:title>Compiler Weekly: Issue 3</dc:title>');
    expect(opf).toContain('properties="nav"');
    expect(await epub.file('OEBPS/nav.xhtml')!.async('string')).toContain('epub:type="toc"');
    const content = await epub.file('OEBPS/content.xhtml')!.async('string');
    expect(content).toContain('Tricky &lt;b&gt;markup&lt;/b&gt;');
    expect(content).not.toContain('href="javascript:');
  });

  it('limits html, docx and epub to plans that have them (403 naming the plan); txt, md, pdf for every plan', async () => {
    for (const plan of ['free', 'basic', 'professional', 'business'] as PlanType[]) {
      const { get } = await setup(plan);
      for (const f of ['txt', 'md', 'pdf']) expect((await get(f)).status, `${plan} ${f}`).toBe(200);
      for (const f of ['html', 'docx', 'epub']) {
        const res = await get(f);
        expect(res.status, `${plan} ${f}`).toBe(403);
        expect((await res.json()).message).toContain('available on the Enterprise plan');
      }
    }
  });

  it("answers 404 for a missing or another user's newsletter, 400 for an unknown format, 401 anon", async () => {
    const { h, get, id } = await setup('enterprise');
    const other = await signedIn(h, { planType: 'enterprise' });
    expect((await get('pdf', 'does-not-exist-123')).status).toBe(404);
    expect((await get('pdf', id, other.cookie)).status).toBe(404);
    expect((await get('exe')).status).toBe(400);
    expect((await h.app.request(`/api/newsletters/${id}/export/pdf`)).status).toBe(401);
  });

  it('drafts.export returns {filename, mime, base64} for scripts', async () => {
    const { h, user, id } = await setup('free');
    const file = await h.caller(user).drafts.export({ id, format: 'md' });
    expect(file.filename).toBe('compiler-weekly-issue-3-2026-11-21.md');
    expect(file.mime).toBe('text/markdown; charset=utf-8');
    expect(Buffer.from(file.base64, 'base64').toString()).toContain('# Compiler Weekly: Issue 3');
  });
});
