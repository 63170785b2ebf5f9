import { describe, it, expect } from 'vitest';
import { harnessWithAdmin } from '../../helpers/app';
import { buildArticle, buildChannel, expectStatus } from './factories';
import { PROGRESS_MSG } from '../../../src/server/publications/progress';
import { PUBLICATION_MSG } from '../../../src/server/publications/publications';
import { MSG } from '../../../src/shared/messages';
import { NO_EDITS } from '../../../src/shared/schemas/issue-edits';
import type { PlanType, Role } from '../../../src/shared/plans';

async function setup(o: { planType?: PlanType; role?: Role } = {}) {
  let clock = new Date('2026-11-21T08:00:00.000Z');
  const h = await harnessWithAdmin({ deps: { now: () => clock } });
  const user = o.role === 'admin' ? h.admin : await h.insertUser({ planType: o.planType ?? 'free', role: o.role });
  const api = h.caller(user);
  const pub = await api.publications.create({ name: 'Weekly Compilers' });
  return { h, user, api, pub, tick: (iso: string) => (clock = new Date(iso)) };
}

describe('wizard.saveProgress', () => {
  it('merges partial progress step by step; get returns exactly what was saved (resume)', async () => {
    const { api, pub, tick } = await setup({ planType: 'basic' });
    tick('2026-11-21T08:01:00.000Z');
    await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 2, workflowData: { newsletterName: 'Compiler Weekly' } });
    await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 3, workflowData: { selectedTheme: 'local-tribune' } });
    const channels = [buildChannel(), buildChannel()];
    await api.wizard.saveProgress({
      publicationId: pub.id,
      currentStep: 3,
      workflowData: { selectedChannels: channels, searchTopic: 'compilers', topic: 'compilers' },
    });
    const articles = [buildArticle(), buildArticle({ aiEnhanced: true })];
    tick('2026-11-21T08:07:00.000Z');
    const saved = await api.wizard.saveProgress({
      publicationId: pub.id,
      currentStep: 5,
      workflowData: { selectedArticles: articles, fontStyle: 'bold', layoutStyle: 'two-column', colorTheme: 'colorful' },
    });

    expect(saved).toMatchObject({ id: pub.id, name: 'Compiler Weekly', currentStep: 5, status: 'ready', lastSaved: '2026-11-21T08:07:00.000Z' });
    expect(saved.workflowData).toEqual({
      newsletterName: 'Compiler Weekly',
      selectedTheme: 'local-tribune',
      selectedChannels: channels,
      selectedArticles: articles,
      searchTopic: 'compilers',
      topic: 'compilers',
      fontStyle: 'bold',
      layoutStyle: 'two-column',
      colorTheme: 'colorful',
      intro: '',
      subject: '',
      edits: NO_EDITS,
      lastSaved: '2026-11-21T08:07:00.000Z',
    });
    expect(await api.publications.get({ id: pub.id })).toEqual(saved);
    expect((await api.publications.list())[0]).toMatchObject({ id: pub.id, name: 'Compiler Weekly', status: 'ready', currentStep: 5 });

    // Going back keeps the data, moves the step and the status back to draft.
    const back = await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 2 });
    expect(back).toMatchObject({ currentStep: 2, status: 'draft' });
    expect(back.workflowData.selectedArticles).toEqual(articles);
  });

  it('answers 401 signed out and 404 for a foreign publication, changing nothing', async () => {
    const { h, pub } = await setup();
    await expectStatus(h.caller('anon').wizard.saveProgress({ publicationId: pub.id, currentStep: 1 }), 401, MSG.notSignedIn);
    const stranger = h.caller(await h.insertUser({ planType: 'enterprise' }));
    await expectStatus(
      stranger.wizard.saveProgress({ publicationId: pub.id, currentStep: 2, workflowData: { newsletterName: 'Hijacked' } }),
      404,
      PUBLICATION_MSG.notFound,
    );
    await expectStatus(stranger.wizard.saveProgress({ publicationId: 'no-such-publication', currentStep: 1 }), 404);
  });

  it('enforces the Continue rules with 400 and never half-writes', async () => {
    const { api, pub } = await setup({ planType: 'professional' });
    await expectStatus(api.wizard.saveProgress({ publicationId: pub.id, currentStep: 6 }), 400, /between 1 and 5/);
    await expectStatus(
      api.wizard.saveProgress({ publicationId: pub.id, currentStep: 2, workflowData: { newsletterName: '   ' } }),
      400,
      PROGRESS_MSG.nameRequired,
    );
    // A blank name while typing on step 1 is saved, and the listed name stays the last non-blank one.
    const typing = await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 1, workflowData: { newsletterName: '' } });
    expect(typing.name).toBe('Weekly Compilers');
    expect(typing.workflowData.newsletterName).toBe('');
    // Kept as typed so an autosave round-trip never eats the space the user just typed.
    const midWord = await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 1, workflowData: { newsletterName: 'Named ' } });
    expect(midWord.workflowData.newsletterName).toBe('Named ');
    expect(midWord.name).toBe('Named');

    await expectStatus(
      api.wizard.saveProgress({ publicationId: pub.id, currentStep: 4, workflowData: { topic: 'should not be stored' } }),
      400,
      PROGRESS_MSG.channelRequired,
    );
    await expectStatus(
      api.wizard.saveProgress({ publicationId: pub.id, currentStep: 5, workflowData: { selectedChannels: [buildChannel()] } }),
      400,
      PROGRESS_MSG.articleRequired,
    );
    const stored = await api.publications.get({ id: pub.id });
    expect(stored.currentStep).toBe(1);
    expect(stored.workflowData.topic).toBe('');
    expect(stored.workflowData.selectedChannels).toEqual([]);

    await expectStatus(
      api.wizard.saveProgress({ publicationId: pub.id, currentStep: 3, workflowData: { selectedChannels: Array.from({ length: 101 }, () => buildChannel()) } }),
      400,
      /At most 100 channels/,
    );
    await expectStatus(
      api.wizard.saveProgress({ publicationId: pub.id, currentStep: 4, workflowData: { selectedArticles: Array.from({ length: 101 }, () => buildArticle()) } }),
      400,
      /At most 100 articles/,
    );
  });

  const channelCases: { label: string; planType: PlanType; role?: Role; limit: number }[] = [
    { label: 'free', planType: 'free', limit: 1 },
    { label: 'basic', planType: 'basic', limit: 3 },
    { label: 'professional', planType: 'professional', limit: Infinity },
    { label: 'admin on a free plan', planType: 'free', role: 'admin', limit: Infinity },
  ];
  for (const c of channelCases) {
    it(`caps selected channels for ${c.label} at ${c.limit}`, async () => {
      const { api, pub } = await setup({ planType: c.planType, role: c.role });
      const allowed = Number.isFinite(c.limit) ? c.limit : 25;
      const channels = Array.from({ length: allowed + 1 }, () => buildChannel());
      const ok = await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 3, workflowData: { selectedChannels: channels.slice(0, allowed) } });
      expect(ok.workflowData.selectedChannels).toHaveLength(allowed);
      const over = api.wizard.saveProgress({ publicationId: pub.id, currentStep: 3, workflowData: { selectedChannels: channels } });
      if (Number.isFinite(c.limit)) {
        await expectStatus(over, 403, `Upgrade your plan to select more than ${c.limit} content channel(s).`);
        expect((await api.publications.get({ id: pub.id })).workflowData.selectedChannels).toHaveLength(allowed);
      } else {
        expect((await over).workflowData.selectedChannels).toHaveLength(allowed + 1);
      }
    });
  }

  it('stores a channel or article sent twice once, so a repeated toggle does not hit the limit', async () => {
    const { api, pub } = await setup({ planType: 'free' });
    const channel = buildChannel();
    const article = buildArticle();
    const saved = await api.wizard.saveProgress({
      publicationId: pub.id,
      currentStep: 4,
      workflowData: { selectedChannels: [channel, { ...channel }], selectedArticles: [article, { ...article }] },
    });
    expect(saved.workflowData.selectedChannels).toEqual([channel]);
    expect(saved.workflowData.selectedArticles).toEqual([article]);
  });

  it('allows only themes the plan may use: unknown 400, above the plan 403, admins all', async () => {
    const free = await setup({ planType: 'free' });
    const save = (s: typeof free, theme: string) =>
      s.api.wizard.saveProgress({ publicationId: s.pub.id, currentStep: 2, workflowData: { selectedTheme: theme } });
    await expectStatus(save(free, 'no-such-theme'), 400, PROGRESS_MSG.unknownTheme('no-such-theme'));
    expect((await save(free, 'market-watch')).workflowData.selectedTheme).toBe('market-watch');
    await expectStatus(save(free, 'local-tribune'), 403, 'The Local Tribune theme requires the Basic plan. Upgrade to Basic to use it.');
    expect((await free.api.publications.get({ id: free.pub.id })).workflowData.selectedTheme).toBe('market-watch');

    const basic = await setup({ planType: 'basic' });
    expect((await save(basic, 'local-tribune')).workflowData.selectedTheme).toBe('local-tribune');
    await expectStatus(save(basic, 'newsprint'), 403);

    const pro = await setup({ planType: 'professional' });
    expect((await save(pro, 'newsprint')).workflowData.selectedTheme).toBe('newsprint');
    await expectStatus(save(pro, 'corporate'), 403);

    const business = await setup({ planType: 'business' });
    expect((await save(business, 'corporate')).workflowData.selectedTheme).toBe('corporate');

    const admin = await setup({ role: 'admin' });
    expect((await save(admin, 'corporate')).workflowData.selectedTheme).toBe('corporate');
  });
});
