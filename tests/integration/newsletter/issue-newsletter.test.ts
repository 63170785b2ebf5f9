// One publication's issue is one saved newsletter: every tab and session that saves (or exports) it in
// step 5 updates the same row, until the creator duplicates it, starts a new issue or sends it.
// @postgres
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { jsonRequest, harnessWithAdmin, type Harness } from '../../helpers/app';
import { newsletters } from '../../../db/schema';
import { isUniqueViolation } from '../../../src/server/db';
import { PUBLICATION_MSG } from '../../../src/server/publications/publications';
import { buildArticle, buildChannel, expectStatus } from '../workflow/factories';
import { sampleArticles } from '../../unit/newsletter/helpers';
import { addMember, teamHarness } from '../team/support';

const PASSWORD = 'correct horse battery';

const issue = (publicationId: string, o: Record<string, unknown> = {}) => ({
  publicationId,
  title: 'Compiler Weekly #3',
  subject: 'Compiler Weekly: new backends',
  content: 'plain text body',
  htmlContent: '<p>html</p>',
  contentSources: {
    channels: [{ name: 'LLVM', url: 'https://blog.llvm.org/index.xml', niche: 'compilers' }],
    articles: sampleArticles(2),
    theme: 'market-watch',
    layoutStyle: 'single' as const,
  },
  ...o,
});

/** A fresh session of the same account, as a second browser or tab that signed in on its own. */
async function session(h: Harness, email: string) {
  const res = await h.app.request('/api/auth/login', jsonRequest('POST', { email, password: PASSWORD }));
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function saveOverHttp(h: Harness, cookie: string, body: unknown) {
  const res = await h.app.request('/api/trpc/drafts.saveIssue', jsonRequest('POST', body, { cookie, origin: 'http://localhost:3000' }));
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { data: { id: string; title: string } } }).result.data;
}

async function setup() {
  const h = await harnessWithAdmin();
  const user = await h.insertUser({ email: 'writer@example.com', password: PASSWORD, planType: 'basic', verified: true });
  const api = h.caller(user);
  const pub = await api.publications.create({ name: 'Compiler Weekly' });
  return { h, user, api, pub };
}

const rowsOf = async (h: Harness, userId: string) => h.db.select().from(newsletters).where(eq(newsletters.userId, userId));

describe("drafts.saveIssue: the saved newsletter of a publication's current issue", () => {
  it('two sessions saving the same issue keep one saved newsletter, updated by the later save', async () => {
    const { h, user, api, pub } = await setup();
    const tabA = await session(h, user.email);
    const tabB = await session(h, user.email);
    expect(tabA).not.toBe(tabB);

    const first = await saveOverHttp(h, tabA, issue(pub.id));
    const second = await saveOverHttp(h, tabB, issue(pub.id, { title: 'Compiler Weekly #3 (final)', htmlContent: '<p>final</p>' }));
    const again = await saveOverHttp(h, tabA, issue(pub.id, { title: 'Compiler Weekly #3 (final)', htmlContent: '<p>final, again</p>' }));

    expect(second.id).toBe(first.id);
    expect(again.id).toBe(first.id);
    const listed = await api.drafts.list();
    expect(listed).toEqual([expect.objectContaining({ id: first.id, title: 'Compiler Weekly #3 (final)', publicationId: pub.id })]);
    expect((await api.drafts.get({ id: first.id })).htmlContent).toBe('<p>final, again</p>');
  });

  it('concurrent saves from several sessions still make one saved newsletter', async () => {
    const { h, user, api, pub } = await setup();
    const tabs = await Promise.all([session(h, user.email), session(h, user.email), session(h, user.email)]);
    const saved = await Promise.all(
      [...tabs, ...tabs].map((cookie, i) => saveOverHttp(h, cookie, issue(pub.id, { title: `Take ${i}` }))).concat([api.drafts.saveIssue(issue(pub.id))]),
    );
    expect(new Set(saved.map((d) => d.id)).size).toBe(1);
    expect(await api.drafts.list()).toHaveLength(1);
  });

  it('the data itself refuses a second newsletter for the same issue of the same account', async () => {
    const { h, user, api, pub } = await setup();
    const saved = await api.drafts.saveIssue(issue(pub.id));
    const [row] = await rowsOf(h, user.id);
    expect(row.id).toBe(saved.id);
    const refused = await h.db
      .insert(newsletters)
      .values({ ...row, id: 'second-row-for-issue' })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isUniqueViolation(refused)).toBe(true);
  });

  it('Duplicate makes an explicit copy; later saves still update the original, not the copy', async () => {
    const { api, pub } = await setup();
    const original = await api.drafts.saveIssue(issue(pub.id));
    const copy = await api.drafts.duplicate({ id: original.id });
    expect(copy.id).not.toBe(original.id);
    expect(await api.drafts.list()).toHaveLength(2);

    const updated = await api.drafts.saveIssue(issue(pub.id, { title: 'Edited after the copy' }));
    expect(updated.id).toBe(original.id);
    expect((await api.drafts.get({ id: copy.id })).title).toBe('Compiler Weekly #3 (copy)');
    expect(await api.drafts.list()).toHaveLength(2);
  });

  it("'Create New Newsletter' starts a new issue: the next save makes a new newsletter and the earlier one stays as it was", async () => {
    const { api, pub } = await setup();
    const first = await api.drafts.saveIssue(issue(pub.id));
    await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 1, newIssue: true, workflowData: { newsletterName: '', selectedArticles: [] } });
    const next = await api.drafts.saveIssue(issue(pub.id, { title: 'Compiler Weekly #4' }));
    expect(next.id).not.toBe(first.id);
    expect((await api.drafts.get({ id: first.id })).title).toBe('Compiler Weekly #3');
    expect((await api.drafts.saveIssue(issue(pub.id, { title: 'Compiler Weekly #4 (edited)' }))).id).toBe(next.id);
    expect(await api.drafts.list()).toHaveLength(2);
  });

  it('sending the issue ends it: the next save makes a new newsletter', async () => {
    const { api, pub } = await setup();
    const sent = await api.drafts.saveIssue(issue(pub.id));
    await api.wizard.saveProgress({
      publicationId: pub.id,
      currentStep: 5,
      workflowData: {
        newsletterName: 'Compiler Weekly',
        selectedTheme: 'market-watch',
        selectedChannels: [buildChannel()],
        selectedArticles: [buildArticle()],
      },
    });
    await api.sends.create({ id: 'send-ends-issue-1', publicationId: pub.id, scheduledAt: new Date(Date.now() + 86_400_000).toISOString() });
    const next = await api.drafts.saveIssue(issue(pub.id, { title: 'Next week' }));
    expect(next.id).not.toBe(sent.id);
    expect((await api.drafts.get({ id: sent.id })).title).toBe('Compiler Weekly #3');
  });

  it('a saved newsletter deleted from Newsletters is saved again as a new one', async () => {
    const { api, pub } = await setup();
    const first = await api.drafts.saveIssue(issue(pub.id));
    await api.drafts.delete({ id: first.id });
    const again = await api.drafts.saveIssue(issue(pub.id));
    expect(again.id).not.toBe(first.id);
    expect(await api.drafts.list()).toHaveLength(1);
  });

  it('the newsletter outlives its publication (detached, not deleted)', async () => {
    const { api, pub } = await setup();
    const saved = await api.drafts.saveIssue(issue(pub.id));
    await api.publications.delete({ id: pub.id });
    expect((await api.drafts.get({ id: saved.id })).title).toBe('Compiler Weekly #3');
  });

  it("needs sign-in, answers 404 for another creator's publication, 403 for a viewer, and 400 for a blank title", async () => {
    const { h, api, pub } = await setup();
    await expect(h.caller('anon').drafts.saveIssue(issue(pub.id))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const stranger = h.caller(await h.insertUser());
    await expectStatus(stranger.drafts.saveIssue(issue(pub.id)), 404, PUBLICATION_MSG.notFound);
    expect(await stranger.drafts.list()).toEqual([]);
    await expect(api.drafts.saveIssue(issue(pub.id, { title: '   ' }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('editors of a shared publication save their own copy of the issue once; viewers cannot save', async () => {
    const h = await teamHarness();
    await h.ownerApi.team.share({ publicationId: h.pub.id });
    const eddie = h.caller(await addMember(h, 'eddie@example.com', 'editor'));
    const vic = h.caller(await addMember(h, 'vic@example.com', 'viewer'));
    const mine = await eddie.drafts.saveIssue(issue(h.pub.id));
    expect((await eddie.drafts.saveIssue(issue(h.pub.id, { title: 'Again' }))).id).toBe(mine.id);
    expect(await eddie.drafts.list()).toHaveLength(1);
    await expectStatus(vic.drafts.saveIssue(issue(h.pub.id)), 403, PUBLICATION_MSG.viewOnly);
  });
});
