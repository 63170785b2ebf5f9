// @postgres
import { describe, it, expect } from 'vitest';
import { harnessWithAdmin, jsonRequest } from '../../helpers/app';
import { breakTable } from '../../helpers/db-faults';
import { MSG } from '../../../src/shared/messages';
import { sampleArticles } from '../../unit/newsletter/helpers';
import { signedIn } from './support';

const draft = (o: Record<string, unknown> = {}) => ({
  title: 'Compiler Weekly #3',
  subject: 'Compiler Weekly: new backends',
  content: 'plain text body',
  htmlContent: '<p>html</p>',
  status: 'draft' as const,
  contentSources: {
    channels: [{ name: 'LLVM', url: 'https://blog.llvm.org/index.xml', niche: 'compilers' }],
    articles: sampleArticles(2),
    theme: 'newsprint',
    layoutStyle: 'single' as const,
  },
  ...o,
});

describe('drafts.* procedures', () => {
  it('creates, lists, gets, updates, duplicates and deletes own drafts', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ planType: 'basic' });
    const api = h.caller(user);
    const created = await api.drafts.create(draft());
    expect(created).toMatchObject({ title: 'Compiler Weekly #3', status: 'draft', theme: 'newsprint', articleCount: 2, publicationId: null });
    const got = await api.drafts.get({ id: created.id });
    expect(got.contentSources.channels[0].name).toBe('LLVM');
    expect(got.htmlContent).toBe('<p>html</p>');
    const updated = await api.drafts.update({ id: created.id, title: 'Renamed', status: 'ready' });
    expect(updated).toMatchObject({ title: 'Renamed', status: 'ready', subject: 'Compiler Weekly: new backends' });
    const copy = await api.drafts.duplicate({ id: created.id });
    expect(copy.id).not.toBe(created.id);
    expect(copy).toMatchObject({ title: 'Renamed (copy)', status: 'draft', articleCount: 2 });
    expect((await api.drafts.list()).map((d) => d.id).sort()).toEqual([created.id, copy.id].sort());
    expect(await api.drafts.delete({ id: created.id })).toEqual({ success: true, id: created.id });
    await expect(api.drafts.get({ id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await api.drafts.list()).toHaveLength(1);
  });

  it('is idempotent on a client-generated id (a double click saves one draft)', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser();
    const api = h.caller(user);
    const id = 'client-id-0001';
    const [a, b] = await Promise.all([api.drafts.create(draft({ id })), api.drafts.create(draft({ id, title: 'second click' }))]);
    expect(a.id).toBe(id);
    expect(b).toEqual(a);
    expect(await api.drafts.list()).toHaveLength(1);
    const other = await h.insertUser();
    await expect(h.caller(other).drafts.create(draft({ id }))).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it("hides another user's drafts (404 on every id-based procedure) and needs sign-in", async () => {
    const h = await harnessWithAdmin();
    const owner = await h.insertUser();
    const intruder = h.caller(await h.insertUser({ planType: 'enterprise' }));
    const { id } = await h.caller(owner).drafts.create(draft());
    expect(await intruder.drafts.list()).toEqual([]);
    for (const call of [
      () => intruder.drafts.get({ id }),
      () => intruder.drafts.update({ id, title: 'mine now' }),
      () => intruder.drafts.delete({ id }),
      () => intruder.drafts.duplicate({ id }),
      () => intruder.drafts.export({ id, format: 'txt' }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await h.caller(owner).drafts.get({ id })).title).toBe('Compiler Weekly #3');
    await expect(h.caller('anon').drafts.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(h.caller('anon').drafts.create(draft())).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('rejects bad input with 400', async () => {
    const h = await harnessWithAdmin();
    const api = h.caller(await h.insertUser());
    await expect(api.drafts.create(draft({ title: '   ' }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(api.drafts.create(draft({ title: 'x'.repeat(201) }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(api.drafts.create(draft({ status: 'published' }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(api.drafts.get({ id: '../../etc' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('POST /api/newsletter-drafts', () => {
  it('answers 201 {success, data:{id,...}}; 400 with a message; 401 anon', async () => {
    const h = await harnessWithAdmin();
    const { cookie } = await signedIn(h);
    const res = await h.app.request('/api/newsletter-drafts', jsonRequest('POST', draft(), { cookie }));
    expect(res.status).toBe(201);
    const json = await res.json();
    expect(json.success).toBe(true);
    expect(json.data.id).toEqual(expect.any(String));
    expect(json.data.title).toBe('Compiler Weekly #3');
    const bad = await h.app.request('/api/newsletter-drafts', jsonRequest('POST', draft({ title: '' }), { cookie }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, message: expect.stringContaining('title') });
    const anon = await h.app.request('/api/newsletter-drafts', jsonRequest('POST', draft()));
    expect(anon.status).toBe(401);
  });

  it("answers the spec's save message when saving fails unexpectedly", async () => {
    const h = await harnessWithAdmin();
    const { cookie } = await signedIn(h);
    await breakTable(h.db, 'newsletters');
    const res = await h.app.request('/api/newsletter-drafts', jsonRequest('POST', draft(), { cookie }));
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ success: false, message: MSG.draftSaveFailed });
  });
});
