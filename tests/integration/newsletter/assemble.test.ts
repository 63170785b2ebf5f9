import { describe, it, expect } from 'vitest';
import { harnessWithAdmin, jsonRequest } from '../../helpers/app';
import { MSG } from '../../../src/shared/messages';
import { sampleArticles } from '../../unit/newsletter/helpers';
import { signedIn } from './support';

const body = (o: Record<string, unknown> = {}) => ({
  newsletterName: 'Compiler Weekly',
  themeId: 'market-watch',
  articles: sampleArticles(3),
  layoutStyle: 'single' as const,
  fontStyle: 'normal' as const,
  includeBranding: true,
  ...o,
});

async function restAs(h: Awaited<ReturnType<typeof harnessWithAdmin>>, cookie: string | null, payload: unknown) {
  return h.app.request('/api/ai-magic/assemble-newsletter', jsonRequest('POST', payload, cookie ? { cookie } : {}));
}

describe('wizard.assemble and POST /api/ai-magic/assemble-newsletter', () => {
  it('assembles for a signed-in user (tRPC) with metadata', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ planType: 'free' });
    const res = await h.caller(user).wizard.assemble(body());
    expect(res.success).toBe(true);
    expect(res.data.metadata).toMatchObject({ articleCount: 3, theme: 'market-watch', overGmailLimit: false });
    expect(res.data.html).toContain('Compiler Weekly');
    expect(res.data.subject).toMatch(/^Compiler Weekly: /);
  });

  it('answers anon 401, a theme above the plan 403 naming the plan, unknown theme 400', async () => {
    const h = await harnessWithAdmin();
    await expect(h.caller('anon').wizard.assemble(body())).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const basic = await h.insertUser({ planType: 'basic' });
    await expect(h.caller(basic).wizard.assemble(body({ themeId: 'local-tribune' }))).resolves.toMatchObject({ success: true });
    await expect(h.caller(basic).wizard.assemble(body({ themeId: 'newsprint' }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('Pro plan'),
    });
    await expect(h.caller(h.admin).wizard.assemble(body({ themeId: 'the-capitol-digest' }))).resolves.toMatchObject({ success: true });
    await expect(h.caller(basic).wizard.assemble(body({ themeId: 'no-such-theme' }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('REST: 200 with {success, data:{html, subject, preview, metadata}}; 400s with messages; 401 anon', async () => {
    const h = await harnessWithAdmin();
    const { cookie: pro } = await signedIn(h, { planType: 'professional' });
    const ok = await restAs(h, pro, body({ themeId: 'newsprint', colorTheme: 'colorful', layoutStyle: 'two-column' }));
    expect(ok.status).toBe(200);
    const json = await ok.json();
    expect(json.success).toBe(true);
    expect(Object.keys(json.data)).toEqual(expect.arrayContaining(['html', 'subject', 'preview', 'metadata']));
    expect(json.data.metadata).toMatchObject({ articleCount: 3, theme: 'newsprint', colorTheme: 'colorful', layoutStyle: 'two-column' });
    expect(json.data.metadata.estimatedReadTime).toMatch(/min read/);
    expect(json.data.metadata.wordCount).toBeGreaterThan(0);

    const missing = await restAs(h, pro, body({ newsletterName: '' }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ success: false, message: MSG.assemblyMissing });
    const none = await restAs(h, pro, body({ articles: [] }));
    expect((await none.json()).message).toBe(MSG.assemblyMissing);
    const tooMany = await restAs(h, pro, body({ articles: sampleArticles(101, { summaryWords: 5 }) }));
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).message).toContain('at most 100 articles');
    const hugeTitle = await restAs(h, pro, body({ newsletterName: 'x'.repeat(201) }));
    expect(hugeTitle.status).toBe(400);
    expect((await hugeTitle.json()).message).toContain('at most 200 characters');
    const unknown = await restAs(h, pro, body({ themeId: 'vaporwave' }));
    expect(unknown.status).toBe(400);
    const badLayout = await restAs(h, pro, body({ layoutStyle: 'three-column' }));
    expect(badLayout.status).toBe(400);
    const anon = await restAs(h, null, body());
    expect(anon.status).toBe(401);
  });

  it('REST: a free user asking for a business theme gets 403 naming the plan', async () => {
    const h = await harnessWithAdmin();
    const { cookie: free } = await signedIn(h, { planType: 'free' });
    const res = await restAs(h, free, body({ themeId: 'corporate' }));
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('The Corporate theme requires the Business plan. Upgrade to Business to use it.');
  });
});

describe('themes.list', () => {
  it('returns 18 themes with lock flags for the caller', async () => {
    const h = await harnessWithAdmin();
    const basic = await h.insertUser({ planType: 'basic' });
    const list = await h.caller(basic).themes.list();
    expect(list).toHaveLength(18);
    expect(
      list
        .filter((t) => !t.locked)
        .map((t) => t.id)
        .sort(),
    ).toEqual(['local-tribune', 'market-watch', 'morning-brief']);
    expect((await h.caller(h.admin).themes.list()).every((t) => !t.locked)).toBe(true);
    expect((await h.caller('anon').themes.list()).filter((t) => !t.locked)).toHaveLength(2);
  });
});
