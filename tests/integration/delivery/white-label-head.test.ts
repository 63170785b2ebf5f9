// Readers' pages as the server sends them: the app shell's head (title, description) names the
// publication on every plan; an Enterprise (white-label) publication's pages (signup, confirmation,
// unsubscribe, preferences) name nothing of the product, not even its icon, on APP_URL and on the
// account's custom domain, where even a link that no longer reads gets no product head.
// @postgres
import { describe, it, expect, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { proveDomain } from '../../helpers/custom-domain';
import { createApp } from '../../../src/server/app';
import { unsubscribeToken } from '../../../src/server/readers/unsubscribe';
import { preferencesToken } from '../../../src/server/readers/preferences';
import { ensureSlug } from '../../../src/server/readers/pages/slug';
import { addSubscribers, readyPublication } from './send-support';

// The app shell as the build writes it: index.html with the product's title, description and icon.
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'curated-shell-'));
fs.copyFileSync(path.resolve('index.html'), path.join(clientDir, 'index.html'));
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

const HOST = 'news.harbour.example';

async function head(app: ReturnType<typeof createApp>, url: string) {
  const res = await app.request(url);
  expect(res.status, url).toBe(200);
  return /<head>([\s\S]*)<\/head>/.exec(await res.text())![1]!;
}

async function readerOf(h: Harness, plan: 'enterprise' | 'professional', name: string) {
  const user = await h.insertUser({ email: `${plan}@example.com`, planType: plan, verified: true });
  const pub = await readyPublication(h, user, name);
  const slug = await ensureSlug(h.db, pub.id);
  const [reader] = await addSubscribers(h, pub.id, 1, { prefix: plan });
  const pages = [
    `/p/${slug}`,
    `/p/${slug}/confirm?token=whatever`,
    `/unsubscribe?token=${unsubscribeToken(h.env.APP_SECRET, reader!.id, '')}`,
    `/preferences/${preferencesToken(h.env.APP_SECRET, reader!.id)}`,
  ];
  return { user, pages };
}

describe('white-label head', () => {
  it('every reader’s page names its publication in its head; a white-label one names nothing of the product, others keep only its icon', async () => {
    const h = await harnessWithAdmin();
    const app = createApp(h.deps, { clientDir });
    const ent = await readerOf(h, 'enterprise', 'Harbour Notes');
    const pro = await readerOf(h, 'professional', 'Compiler Weekly');
    await proveDomain(h, ent.user, HOST);

    for (const page of ent.pages) {
      for (const base of ['http://localhost:3000', `http://${HOST}`]) {
        const tags = await head(app, `${base}${page}`);
        expect(tags, `${base}${page}`).not.toMatch(/curated/i);
        expect(tags, `${base}${page}`).toMatch(/<title>[^<]+<\/title>/);
        // Not the product's icon: the publication's logo, or none.
        expect(tags, `${base}${page}`).toContain('<link rel="icon" href="data:," />');
      }
    }
    expect(await head(app, `http://${HOST}${ent.pages[2]}`)).toContain('<title>Unsubscribe</title>');
    expect(await head(app, `http://${HOST}${ent.pages[2]}`)).toContain('<meta name="description" content="Unsubscribe from Harbour Notes." />');
    expect(await head(app, `http://${HOST}${ent.pages[3]}`)).toContain('<title>Preferences</title>');
    // On the domain, a link that no longer reads is still the account's page.
    expect(await head(app, `http://${HOST}/unsubscribe?token=forged`)).not.toMatch(/curated/i);
    expect(await head(app, `http://${HOST}/preferences/forged.token`)).not.toMatch(/curated/i);

    // Every plan: the publication's title and description; the product's icon is all that is left of it, and the document is not marked white-label.
    const titles = ['Subscribe to Compiler Weekly', 'Confirm your subscription to Compiler Weekly', 'Unsubscribe', 'Preferences'];
    for (const [i, page] of pro.pages.entries()) {
      const res = await app.request(`http://localhost:3000${page}`);
      const html = await res.text();
      expect(html, page).toContain(`<title>${titles[i]}</title>`);
      expect(html, page).not.toContain('data-white-label');
      const tags = /<head>([\s\S]*)<\/head>/.exec(html)![1]!;
      expect(tags.replace('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />', ''), page).not.toMatch(/curated/i);
      expect(tags, page).toMatch(/<meta name="description" content="[^"]*Compiler Weekly[^"]*" \/>/);
    }
    // A link that names no publication keeps the product's shell.
    expect(await head(app, 'http://localhost:3000/unsubscribe?token=forged')).toContain('<title>Curated — AI-assisted newsletter builder</title>');
  });
});
