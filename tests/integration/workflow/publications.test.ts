import { describe, it, expect } from 'vitest';
import { harnessWithAdmin } from '../../helpers/app';
import { expectStatus } from './factories';
import { PUBLICATION_MSG } from '../../../src/server/publications/publications';
import { MSG } from '../../../src/shared/messages';

const ID = 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff';

describe('publications.*', () => {
  it('creates, gets, lists newest saved first, renames and deletes', async () => {
    let clock = new Date('2026-11-21T08:00:00.000Z');
    const h = await harnessWithAdmin({ deps: { now: () => clock } });
    const user = await h.insertUser({ planType: 'professional' });
    const api = h.caller(user);

    const first = await api.publications.create({ name: '  Weekly Compilers  ' });
    expect(first).toMatchObject({ name: 'Weekly Compilers', status: 'draft', currentStep: 1 });
    expect(first.workflowData).toMatchObject({
      newsletterName: 'Weekly Compilers',
      selectedTheme: null,
      selectedChannels: [],
      selectedArticles: [],
      fontStyle: 'normal',
      layoutStyle: 'single',
      colorTheme: 'light',
      lastSaved: '2026-11-21T08:00:00.000Z',
    });

    clock = new Date('2026-11-21T08:05:00.000Z');
    const second = await api.publications.create({ name: 'Rust Digest' });
    expect((await api.publications.list()).map((p) => p.name)).toEqual(['Rust Digest', 'Weekly Compilers']);

    clock = new Date('2026-11-21T08:10:00.000Z');
    const renamed = await api.publications.rename({ id: first.id, name: 'Compiler Weekly' });
    expect(renamed.name).toBe('Compiler Weekly');
    expect(renamed.workflowData.newsletterName).toBe('Compiler Weekly');
    const list = await api.publications.list();
    expect(list.map((p) => p.id)).toEqual([first.id, second.id]);
    expect(list[0]).toMatchObject({ status: 'draft', lastSaved: '2026-11-21T08:10:00.000Z', currentStep: 1 });

    expect(await api.publications.get({ id: first.id })).toEqual(renamed);
    expect(await api.publications.delete({ id: first.id })).toEqual({ success: true, id: first.id });
    await expectStatus(api.publications.get({ id: first.id }), 404, PUBLICATION_MSG.notFound);
    expect((await api.publications.list()).map((p) => p.id)).toEqual([second.id]);
  });

  it('answers 401 to anonymous callers on every procedure', async () => {
    const h = await harnessWithAdmin();
    const anon = h.caller('anon');
    await expectStatus(anon.publications.list(), 401, MSG.notSignedIn);
    await expectStatus(anon.publications.create({ name: 'x' }), 401);
    await expectStatus(anon.publications.get({ id: ID }), 401);
    await expectStatus(anon.publications.rename({ id: ID, name: 'x' }), 401);
    await expectStatus(anon.publications.delete({ id: ID }), 401);
  });

  it("answers 404 for another user's publication and leaves it untouched", async () => {
    const h = await harnessWithAdmin();
    const owner = await h.insertUser({ planType: 'basic' });
    const other = await h.insertUser({ planType: 'basic' });
    const pub = await h.caller(owner).publications.create({ name: 'Mine' });
    const api = h.caller(other);
    await expectStatus(api.publications.get({ id: pub.id }), 404, PUBLICATION_MSG.notFound);
    await expectStatus(api.publications.rename({ id: pub.id, name: 'Stolen' }), 404);
    await expectStatus(api.publications.delete({ id: pub.id }), 404);
    expect(await api.publications.list()).toEqual([]);
    expect((await h.caller(owner).publications.get({ id: pub.id })).name).toBe('Mine');
  });

  it('rejects a blank or over-long name and a malformed id with 400', async () => {
    const h = await harnessWithAdmin();
    const api = h.caller(await h.insertUser({ planType: 'professional' }));
    await expectStatus(api.publications.create({ name: '   ' }), 400, 'name: Please enter a newsletter name');
    await expectStatus(api.publications.create({ name: 'x'.repeat(201) }), 400, /at most 200 characters/);
    await expectStatus(api.publications.create({ name: 'ok', id: 'undefined"; DROP' }), 400, /Invalid publication id/);
    const pub = await api.publications.create({ name: 'Kept' });
    await expectStatus(api.publications.rename({ id: pub.id, name: '' }), 400);
    expect((await api.publications.get({ id: pub.id })).name).toBe('Kept');
    expect(await api.publications.list()).toHaveLength(1);
  });

  it('is idempotent for a client-generated id (double click) and refuses an id another user holds', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ planType: 'free' });
    const api = h.caller(user);
    const [a, b] = await Promise.all([api.publications.create({ name: 'Once', id: ID }), api.publications.create({ name: 'Once', id: ID })]);
    expect(a.id).toBe(ID);
    expect(b).toEqual(a);
    // A free user's one slot is taken by this row; repeating the id is still fine.
    expect((await api.publications.create({ name: 'Once', id: ID })).id).toBe(ID);
    expect(await api.publications.list()).toHaveLength(1);

    const other = h.caller(await h.insertUser({ planType: 'professional' }));
    await expectStatus(other.publications.create({ name: 'Mine', id: ID }), 409, PUBLICATION_MSG.idTaken);
    expect(await other.publications.list()).toEqual([]);
  });

  it("caps stored publications at the plan's maxNewsletters: free 1, basic 3, professional and admin unlimited", async () => {
    const h = await harnessWithAdmin();
    const cases = [
      { user: await h.insertUser({ planType: 'free' }), limit: 1 },
      { user: await h.insertUser({ planType: 'basic' }), limit: 3 },
    ];
    for (const { user, limit } of cases) {
      const api = h.caller(user);
      for (let i = 0; i < limit; i++) await api.publications.create({ name: `N${i}` });
      const err = await expectStatus(api.publications.create({ name: 'One too many' }), 403, PUBLICATION_MSG.limit(limit));
      expect(err.message).toBe(`Upgrade your plan to create more than ${limit} publication(s).`);
      expect(await api.publications.list()).toHaveLength(limit);
      // Deleting frees a slot: the cap is on what a user keeps, not on what they ever made.
      const [last] = await api.publications.list();
      await api.publications.delete({ id: last.id });
      await api.publications.create({ name: 'Replacement' });
    }

    const pro = h.caller(await h.insertUser({ planType: 'professional' }));
    const admin = h.caller(h.admin);
    for (let i = 0; i < 5; i++) {
      await pro.publications.create({ name: `P${i}` });
      await admin.publications.create({ name: `A${i}` });
    }
    expect(await pro.publications.list()).toHaveLength(5);
    expect(await admin.publications.list()).toHaveLength(5);
  });
});
