// Defect 7: labelled sample articles (shown when a channel fails) could be ticked, assembled and sent,
// giving subjects like 'Weekly: Latest from BBC News Technology'. Every input that takes chosen
// articles refuses them; stored rows that hold them are cleaned when read. Also spec §5: an article
// with neither id nor title is dropped from a saved draft.
// @postgres
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin, jsonRequest, type Harness } from '../../helpers/app';
import { buildArticle, buildChannel, expectStatus } from '../workflow/factories';
import { signedIn } from '../newsletter/support';
import { sampleArticlesFor } from '../../../src/server/feeds/samples';
import { newsletters, outbox, publications } from '../../../db/schema';
import { MSG } from '../../../src/shared/messages';

const real = buildArticle({ title: 'A real story', url: 'https://example.com/real' });
const bbc = {
  name: 'BBC News Technology',
  url: 'https://feeds.bbci.co.uk/news/technology/rss.xml',
  siteUrl: 'https://www.bbc.co.uk/news/technology',
  niche: 'technology',
};
const sample = sampleArticlesFor(bbc, 'HTTP 503', new Date('2026-11-23T08:00:00Z'))[0];
const issue = (articles: unknown[]) => ({ newsletterName: 'Weekly', themeId: 'market-watch', articles: articles as never });

async function owner(h: Harness) {
  return h.insertUser({ planType: 'free', verified: true });
}

describe('sample articles never reach an issue, a draft or a send', () => {
  it('is what a failed channel yields', () => {
    expect(sample).toMatchObject({ isSample: true, title: 'Latest from BBC News Technology' });
  });

  it('assembly refuses them over tRPC and REST, flagged or only recognisable by their id', async () => {
    const h = await harnessWithAdmin();
    const api = h.caller(await owner(h));
    await expectStatus(api.wizard.assemble(issue([sample, real])), 400, MSG.sampleNotSelectable);
    const { isSample: _flag, ...unflagged } = sample;
    await expectStatus(api.wizard.assemble(issue([real, unflagged])), 400, MSG.sampleNotSelectable);

    const { cookie } = await signedIn(h);
    const res = await h.app.request('/api/ai-magic/assemble-newsletter', jsonRequest('POST', issue([sample]), { cookie }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: MSG.sampleNotSelectable });
  });

  it('the workflow cannot select them', async () => {
    const h = await harnessWithAdmin();
    const api = h.caller(await owner(h));
    const pub = await api.publications.create({ name: 'Weekly' });
    await expectStatus(
      api.wizard.saveProgress({ publicationId: pub.id, currentStep: 4, workflowData: { selectedChannels: [buildChannel()], selectedArticles: [sample] } }),
      400,
      MSG.sampleNotSelectable,
    );
    expect((await api.publications.get({ id: pub.id })).workflowData.selectedArticles).toEqual([]);
  });

  it('drafts refuse them on save, and older drafts holding one read back without it', async () => {
    const h = await harnessWithAdmin();
    const user = await owner(h);
    const api = h.caller(user);
    const draft = { title: 'Weekly', contentSources: { channels: [], articles: [real, sample] } };
    await expectStatus(api.drafts.create(draft as never), 400, MSG.sampleNotSelectable);
    const { cookie } = await signedIn(h);
    const res = await h.app.request('/api/newsletter-drafts', jsonRequest('POST', draft, { cookie }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: MSG.sampleNotSelectable });

    const saved = await api.drafts.create({ title: 'Weekly', contentSources: { channels: [], articles: [real] } });
    await expectStatus(api.drafts.update({ id: saved.id, contentSources: { channels: [], articles: [sample] } as never }), 400, MSG.sampleNotSelectable);
    await h.db
      .update(newsletters)
      .set({ contentSources: { channels: [], articles: [real, sample] } })
      .where(eq(newsletters.id, saved.id));
    expect((await api.drafts.get({ id: saved.id })).contentSources.articles.map((a) => a.title)).toEqual(['A real story']);
  });

  it('a publication stored with a sample selected sends without it: the subject names the real story', async () => {
    const h = await harnessWithAdmin();
    const user = await owner(h);
    const api = h.caller(user);
    const pub = await api.publications.create({ name: 'Weekly' });
    await api.wizard.saveProgress({
      publicationId: pub.id,
      currentStep: 3,
      workflowData: { selectedTheme: 'market-watch', selectedChannels: [buildChannel()] },
    });
    await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 5, workflowData: { selectedArticles: [real] } });
    // As a row written before samples were refused would hold it.
    const [row] = await h.db.select().from(publications).where(eq(publications.id, pub.id));
    await h.db
      .update(publications)
      .set({ workflowData: { ...row!.workflowData, selectedArticles: [sample, real] } })
      .where(eq(publications.id, pub.id));
    expect((await api.publications.get({ id: pub.id })).workflowData.selectedArticles.map((a) => a.id)).toEqual([real.id]);
    const sent = await api.email.sendTest({ publicationId: pub.id });
    expect(sent.subject).toBe('[Test] Weekly: A real story');
    await expectStatus(api.email.sendToAddresses({ ...issue([sample]), addresses: ['reader@example.com'] }), 400, MSG.sampleNotSelectable);
    const [mail] = await h.db.select().from(outbox).where(eq(outbox.toAddress, user.email)).limit(1);
    expect(mail!.html).not.toContain('Latest from BBC');
  });
});

describe('POST /api/newsletter-drafts drops articles with neither id nor title (spec §5)', () => {
  it('keeps the named ones in order', async () => {
    const h = await harnessWithAdmin();
    const { cookie } = await signedIn(h);
    const articles = [{ summary: 'no id, no title', url: 'https://example.com/x' }, { id: 'only-id' }, { title: 'Only a title' }, {}];
    const res = await h.app.request('/api/newsletter-drafts', jsonRequest('POST', { title: 'Weekly', contentSources: { channels: [], articles } }, { cookie }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { data: { articleCount: number; contentSources: { articles: { id?: string; title?: string }[] } } };
    expect(body.data.contentSources.articles).toEqual([{ id: 'only-id' }, { title: 'Only a title' }]);
    expect(body.data.articleCount).toBe(2);
  });
});
