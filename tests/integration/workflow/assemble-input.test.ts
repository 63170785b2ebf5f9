// One rule turns a request into the assembly's input: the request's fields, then the stored workflow,
// then the defaults. The workflow names its publication and sends only what it has not stored yet;
// the answer must be the newsletter the full copy of the same data assembles.
import { describe, expect, it } from 'vitest';
import { harnessWithAdmin, jsonRequest, type Harness } from '../../helpers/app';
import type { SessionUser } from '../../../src/server/auth/service';
import { buildArticle, buildChannel, expectStatus } from './factories';
import { signedIn } from '../newsletter/support';

const articles = [buildArticle(), buildArticle(), buildArticle()];

async function storedWorkflow(h: Harness, user: SessionUser) {
  const api = h.caller(user);
  const pub = await api.publications.create({ name: 'Compiler Weekly' });
  await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 3, workflowData: { selectedTheme: 'market-watch', selectedChannels: [buildChannel()] } });
  await api.wizard.saveProgress({
    publicationId: pub.id,
    currentStep: 5,
    workflowData: { selectedArticles: articles, fontStyle: 'italic', colorTheme: 'colorful', intro: 'This week: parsers.', subject: '' },
  });
  return pub;
}

/** What the workflow page sent before: its own full copy of the stored data. */
const fullCopy = {
  newsletterName: 'Compiler Weekly',
  themeId: 'market-watch',
  articles,
  layoutStyle: 'single' as const,
  fontStyle: 'italic' as const,
  colorTheme: 'colorful' as const,
  includeBranding: true,
  intro: 'This week: parsers.',
};

const rendered = (r: { data: { html: string; webHtml: string; text: string; subject: string } }) => ({
  html: r.data.html,
  webHtml: r.data.webHtml,
  text: r.data.text,
  subject: r.data.subject,
});

describe('assembly from a publication id and its overrides', () => {
  it('a publication id alone assembles the same newsletter as the full copy of its stored workflow', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ planType: 'professional' });
    const pub = await storedWorkflow(h, user);
    const api = h.caller(user);

    const byId = await api.wizard.assemble({ publicationId: pub.id });
    const byCopy = await api.wizard.assemble(fullCopy);
    expect(rendered(byId)).toEqual(rendered(byCopy));
    expect(byId.data.metadata).toEqual(byCopy.data.metadata);
    expect(byId.data.html).toContain('This week: parsers.');
  });

  it('overrides (what is not stored yet) win over the stored workflow', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ planType: 'professional' });
    const pub = await storedWorkflow(h, user);
    const api = h.caller(user);

    const overrides = { fontStyle: 'bold' as const, subject: 'A subject typed just now', articles: articles.slice(0, 2) };
    const byId = await api.wizard.assemble({ publicationId: pub.id, ...overrides });
    const byCopy = await api.wizard.assemble({ ...fullCopy, ...overrides });
    expect(rendered(byId)).toEqual(rendered(byCopy));
    expect(byId.data.subject).toBe('A subject typed just now');
    expect(byId.data.metadata).toMatchObject({ articleCount: 2, fontStyle: 'bold' });
  });

  it("another user's publication id is not found; a team-less stranger learns nothing", async () => {
    const h = await harnessWithAdmin();
    const owner = await h.insertUser({ planType: 'professional' });
    const stranger = await h.insertUser({ planType: 'professional' });
    const pub = await storedWorkflow(h, owner);
    await expectStatus(h.caller(stranger).wizard.assemble({ publicationId: pub.id }), 404);
  });

  it('the test send and the issue send read the same stored workflow (sends.create with only the id)', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ planType: 'professional', verified: true });
    const pub = await storedWorkflow(h, user);
    const api = h.caller(user);
    const sent = await api.email.sendTest({ publicationId: pub.id });
    const expected = await api.wizard.assemble({ publicationId: pub.id });
    expect(sent.subject).toBe(`[Test] ${expected.data.subject}`);
  });

  it('is a read: served over GET /api/trpc/wizard.assemble with the id in the query string', async () => {
    const h = await harnessWithAdmin();
    const { user, cookie } = await signedIn(h, { planType: 'professional' });
    const pub = await storedWorkflow(h, user);
    const input = encodeURIComponent(JSON.stringify({ publicationId: pub.id }));
    const res = await h.app.request(`/api/trpc/wizard.assemble?input=${input}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: { success: boolean; data: { metadata: { articleCount: number } } } } };
    expect(body.result.data).toMatchObject({ success: true, data: { metadata: { articleCount: 3 } } });
    // The documented REST path keeps its body: the full data, answered as before.
    const rest = await h.app.request('/api/ai-magic/assemble-newsletter', jsonRequest('POST', fullCopy, { cookie }));
    expect(rest.status).toBe(200);
  });
});
