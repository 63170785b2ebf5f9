// The creator's edits of an issue (order, titles, blurbs, text blocks, preheader, sign-off): saved with
// the publication, read back after a reload, and present in the email, the web version, the plain text
// and every export format of the saved newsletter (which also carry the intro).
// @postgres
import { describe, it, expect } from 'vitest';
import JSZip from 'jszip';
import { harnessWithAdmin } from '../../helpers/app';
import { buildArticle, buildChannel, expectStatus } from '../workflow/factories';
import { pdfText, signedIn } from './support';
import type { IssueEdits } from '../../../src/shared/schemas/issue-edits';

const EDITS: IssueEdits = {
  order: ['third', 'first'],
  stories: [{ id: 'first', title: 'Retitled lead story', blurb: 'A blurb the creator wrote.' }],
  blocks: [
    {
      id: 'b1',
      after: 'third',
      markdown: 'A **word** from the editor: [docs](https://docs.example.com/x)\n\n<script>alert(1)</script><img src=x onerror=alert(1)>',
    },
  ],
  preheader: 'Our own preheader',
  signOff: 'See you next week,\nAda',
};

async function setup() {
  const h = await harnessWithAdmin({ deps: { now: () => new Date('2026-11-21T08:00:00Z') } });
  const { user, cookie } = await signedIn(h, { planType: 'enterprise' });
  const api = h.caller(user);
  const pub = await api.publications.create({ name: 'Compiler Weekly' });
  const articles = [
    buildArticle({ id: 'first', title: 'Original first' }),
    buildArticle({ id: 'second', title: 'Original second' }),
    buildArticle({ id: 'third', title: 'Original third' }),
  ];
  await api.wizard.saveProgress({
    publicationId: pub.id,
    currentStep: 5,
    workflowData: {
      newsletterName: 'Compiler Weekly',
      selectedTheme: 'newsprint',
      selectedChannels: [buildChannel()],
      selectedArticles: articles,
      intro: 'Hello from the intro.',
      edits: EDITS,
    },
  });
  return { h, api, pub, cookie, articles };
}

/** Step 5's Save of the publication's issue, with or without the workflow's edits. */
async function saveIssue(api: Awaited<ReturnType<typeof setup>>['api'], publicationId: string, o: { withEdits: boolean }) {
  const { data } = await api.wizard.assemble({ publicationId });
  const wd = (await api.publications.get({ id: publicationId })).workflowData;
  return api.drafts.saveIssue({
    publicationId,
    title: 'Compiler Weekly',
    subject: data.subject,
    content: data.text,
    htmlContent: data.html,
    contentSources: { channels: [], articles: wd.selectedArticles, theme: 'newsprint', intro: wd.intro, ...(o.withEdits ? { edits: wd.edits } : {}) },
  });
}

describe('issue edits', () => {
  it('survive a reload and reach the email, web version and plain text', async () => {
    const { api, pub } = await setup();
    const stored = await api.publications.get({ id: pub.id });
    expect(stored.workflowData.edits).toEqual(EDITS);

    const { data } = await api.wizard.assemble({ publicationId: pub.id });
    for (const html of [data.html, data.webHtml]) {
      const third = html.indexOf('Original third');
      const block = html.indexOf('from the editor');
      const lead = html.indexOf('Retitled lead story');
      const second = html.indexOf('Original second');
      expect(third).toBeGreaterThan(0);
      expect(block).toBeGreaterThan(third);
      expect(lead).toBeGreaterThan(block);
      expect(second).toBeGreaterThan(lead);
      expect(html).toContain('A blurb the creator wrote.');
      expect(html).not.toContain('Original first');
      expect(html).toContain('<strong>word</strong>');
      expect(html).not.toMatch(/<script|onerror/);
      expect(html).toContain('See you next week,<br/>Ada');
    }
    expect(data.html).toContain('Our own preheader');
    expect(data.preview).toBe('Our own preheader');
    const t = data.text;
    expect(t.indexOf('1. Original third')).toBeGreaterThan(0);
    expect(t.indexOf('A word from the editor: docs (https://docs.example.com/x)')).toBeGreaterThan(t.indexOf('1. Original third'));
    expect(t.indexOf('2. Retitled lead story')).toBeGreaterThan(t.indexOf('from the editor'));
    expect(t).toContain('See you next week,\nAda');
  });

  it('a story taken out of the issue drops its edits; its text block moves to the end', async () => {
    const { api, pub, articles } = await setup();
    const saved = await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 5, workflowData: { selectedArticles: [articles[0], articles[1]] } });
    expect(saved.workflowData.edits.order).toEqual(['first']);
    expect(saved.workflowData.edits.blocks[0].after).toBe('second');
    await expect(
      api.wizard.saveProgress({
        publicationId: pub.id,
        currentStep: 5,
        workflowData: { edits: { ...EDITS, blocks: Array.from({ length: 11 }, (_, i) => ({ id: `b${i}`, after: null, markdown: 'x' })) } },
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('reach every export format of the saved newsletter, with the intro', async () => {
    const { h, api, pub, cookie } = await setup();
    const draft = await saveIssue(api, pub.id, { withEdits: true });
    const get = async (f: string) =>
      Buffer.from(await (await h.app.request(`/api/newsletters/${draft.id}/export/${f}`, { headers: { cookie } })).arrayBuffer());
    const inOrder = (text: string, parts: string[], f: string) => {
      let at = -1;
      for (const p of parts) {
        const i = text.indexOf(p, at + 1);
        expect(i, `${f}: ${p}`).toBeGreaterThan(at);
        at = i;
      }
    };
    const parts = ['Hello from the intro.', 'Original third', 'from the editor', 'Retitled lead story', 'Original second', 'See you next week'];
    inOrder((await get('txt')).toString(), parts.slice(1), 'txt');
    const md = (await get('md')).toString();
    inOrder(md, parts, 'md');
    expect(md).toContain('A **word** from the editor');
    const html = (await get('html')).toString();
    inOrder(html, parts, 'html');
    expect(html).not.toMatch(/<script|onerror/);
    inOrder(pdfText(await get('pdf')), parts, 'pdf');
    const docx = await (await JSZip.loadAsync(await get('docx'))).file('word/document.xml')!.async('string');
    inOrder(docx, parts, 'docx');
    const epub = await (await JSZip.loadAsync(await get('epub'))).file('OEBPS/content.xhtml')!.async('string');
    inOrder(epub, parts, 'epub');
  });
});

describe('drafts.edit (a saved newsletter edited after saving)', () => {
  it('rebuilds the stored email and text with the new edits; only its owner may; bad edits are refused', async () => {
    const { h, api, pub } = await setup();
    const draft = await saveIssue(api, pub.id, { withEdits: false });
    expect(draft.htmlContent).not.toContain('Second thoughts');

    const edits: IssueEdits = {
      order: ['second', 'first', 'third'],
      stories: [],
      blocks: [{ id: 'later', after: 'second', markdown: 'Second thoughts, **in bold**' }],
      preheader: '',
      signOff: 'Until Friday',
    };
    const edited = await api.drafts.edit({ id: draft.id, edits });
    expect(edited.contentSources.edits).toEqual(edits);
    // The preheader names the stories first; their own places are the last mentions.
    for (const body of [edited.htmlContent, (await api.drafts.get({ id: draft.id })).htmlContent]) {
      const second = body.lastIndexOf('Original second');
      const block = body.indexOf('Second thoughts');
      expect(second).toBeGreaterThan(-1);
      expect(block).toBeGreaterThan(second);
      expect(body.lastIndexOf('Original first')).toBeGreaterThan(block);
      expect(body).toContain('<strong');
    }
    expect(edited.content).toContain('Until Friday');
    expect(edited.content.lastIndexOf('Original second')).toBeLessThan(edited.content.lastIndexOf('Original first'));

    await expectStatus(h.caller('anon').drafts.edit({ id: draft.id, edits }), 401);
    const other = await signedIn(h, { planType: 'enterprise' });
    await expectStatus(h.caller(other.user).drafts.edit({ id: draft.id, edits }), 404);
    await expectStatus(api.drafts.edit({ id: draft.id, edits: { ...edits, signOff: 'x'.repeat(5000) } }), 400);
    expect((await api.drafts.get({ id: draft.id })).content).toContain('Until Friday');
  });
});
