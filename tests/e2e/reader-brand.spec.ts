// Readers' pages wear the publication's brand on every plan: the signup page, the confirmation, the
// preference centre and the unsubscribe page show the publication's name, its accent on the buttons
// (readable, light and dark) and a link to its past issues once one is sent, and none of the product's
// navigation ("Sign In", "Get Started", Roadmap, Refund Policy); "Made with Curated" is one footer line
// on a Professional account and none on an Enterprise (white-label) one. At 1280 and 390 px, light and
// dark, nothing is wider than the screen. READER_BRAND_SHOTS=<dir> keeps a screenshot of each.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { EXAMPLE_ARTICLE, EXAMPLE_CHANNEL, E2E_DB, createUserWithPlan, outboxFor, trpcMutation, trpcQuery } from './fixtures/workflow-helpers';
import { signToken } from '../../src/server/crypto';

skipWithoutBrowser();

const SHOTS = process.env.READER_BRAND_SHOTS;
const PRODUCT_LINKS = ['Sign In', 'Get Started', 'Roadmap', 'Refund Policy', 'Pricing'];

/** A reader's signed links, as the server signs them (with the secret it keeps beside its database). */
function readerLinks(email: string) {
  const secret = fs.readFileSync(path.join(path.dirname(E2E_DB), 'app-secret'), 'utf8').trim();
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    const { id } = db.prepare('select id from subscribers where email = ?').get(email) as { id: string };
    return { unsubscribe: signToken(secret, 'unsubscribe', `${id}:`), preferences: signToken(secret, 'preferences', id) };
  } finally {
    db.close();
  }
}

/** A creator's publication (Market Watch theme) with one reader, optionally one sent issue; its slug and the reader's links. */
async function publication(page: Page, plan: 'professional' | 'enterprise', name: string, o: { send?: boolean } = {}) {
  const creator = uniqueEmail(`brand-${plan}`);
  createUserWithPlan(creator, 'Bea Brand', plan);
  await signInThroughUi(page, creator);
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name });
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 5,
    workflowData: { newsletterName: name, selectedTheme: 'market-watch', selectedChannels: [EXAMPLE_CHANNEL], selectedArticles: [EXAMPLE_ARTICLE] },
  });
  const reader = `reader-${creator.split('@')[0]}@example.com`;
  await trpcMutation(page, 'subscribers.add', { publicationId: pub.id, email: reader, name: 'Rae' });
  if (o.send) {
    await trpcMutation(page, 'sends.create', { id: crypto.randomUUID().replace(/-/g, ''), publicationId: pub.id });
    await expect.poll(() => outboxFor(reader).length, { timeout: 20_000 }).toBeGreaterThan(0);
  }
  const slug = new URL((await trpcQuery<{ signupUrl: string }>(page, 'sends.audience', { publicationId: pub.id })).signupUrl).pathname.split('/')[2]!;
  return { pub, slug, reader, links: readerLinks(reader) };
}

/** The page's frame is the publication's: its name, no product navigation, and "Made with Curated" only when `signed`. */
async function expectPublicationFrame(page: Page, name: string, signed: boolean) {
  await expect(page.getByTestId('reader-brand')).toHaveText(name);
  for (const label of PRODUCT_LINKS) await expect(page.getByRole('link', { name: label, exact: true }), label).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Made with Curated' })).toHaveCount(signed ? 1 : 0);
  if (!signed) expect(await page.locator('body').innerText()).not.toMatch(/curated/i);
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** Each width and colour scheme: nothing wider than the screen, and a screenshot when asked. */
async function atEverySize(page: Page, shot: string, check?: (scheme: 'light' | 'dark') => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.evaluate((s) => {
        document.documentElement.classList.toggle('dark', s === 'dark');
      }, scheme);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${shot} at ${width}`).toBeLessThanOrEqual(width);
      if (check) await check(scheme);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shot}-${width}-${scheme}.png`, fullPage: true });
    }
  }
}

test('every reader page wears the publication’s brand on a normal plan, signed “Made with Curated” once, with no product navigation', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Harbour Log ${Date.now().toString(36)}`;
  const { slug, links } = await publication(page, 'professional', name, { send: true });
  const brand = (
    await trpcQuery<{ brand: { light: { accent: string; onAccent: string }; dark: { accent: string; onAccent: string } } }>(page, 'subscribers.publicPage', {
      slug,
    })
  ).brand;
  const reader = await browser.newPage();

  await reader.goto(`/p/${slug}`);
  await expect(reader.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(reader).toHaveTitle(`Subscribe to ${name}`);
  await expectPublicationFrame(reader, name, true);
  // One issue is out: the header links to the archive, listed on this page.
  await expect(reader.getByRole('banner').getByRole('link', { name: 'Past issues' })).toHaveAttribute('href', `/p/${slug}#past-issues`);
  await expect(reader.locator('#past-issues')).toContainText(EXAMPLE_ARTICLE.title.slice(0, 10));
  const subscribe = reader.getByRole('button', { name: 'Subscribe' });
  await atEverySize(reader, 'signup', async (scheme) => {
    // The button is the publication's accent with the text the server chose to read on it.
    await expect(subscribe).toHaveCSS('background-color', rgb(brand[scheme].accent));
    await expect(subscribe).toHaveCSS('color', rgb(brand[scheme].onAccent));
  });

  await reader.goto(`/p/${slug}/confirm?token=not-a-real-token`);
  await expect(reader.getByRole('heading', { name: 'Subscription not confirmed' })).toBeVisible();
  await expectPublicationFrame(reader, name, true);
  await atEverySize(reader, 'confirm');

  await reader.goto(`/preferences/${links.preferences}`);
  await expect(reader.getByRole('heading', { name: `Your preferences for ${name}` })).toBeVisible();
  await expectPublicationFrame(reader, name, true);
  await atEverySize(reader, 'preferences');

  await reader.goto(`/unsubscribe?token=${links.unsubscribe}`);
  await expect(reader.getByRole('heading', { name: `Unsubscribe from ${name}?` })).toBeVisible();
  await expectPublicationFrame(reader, name, true);
  await atEverySize(reader, 'unsubscribe');
  await reader.close();
});

test('an Enterprise (white-label) publication’s reader pages carry nothing of the product', async ({ page, browser }) => {
  const name = `Quay Notes ${Date.now().toString(36)}`;
  const { slug, links } = await publication(page, 'enterprise', name);
  const reader = await browser.newPage();
  await reader.goto(`/p/${slug}`);
  await expect(reader.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectPublicationFrame(reader, name, false);
  // Nothing sent yet: no archive link.
  await expect(reader.getByRole('link', { name: 'Past issues' })).toHaveCount(0);
  await reader.goto(`/preferences/${links.preferences}`);
  await expect(reader.getByRole('heading', { name: `Your preferences for ${name}` })).toBeVisible();
  await expectPublicationFrame(reader, name, false);
  await reader.goto(`/unsubscribe?token=${links.unsubscribe}`);
  await expect(reader.getByRole('heading', { name: `Unsubscribe from ${name}?` })).toBeVisible();
  await expectPublicationFrame(reader, name, false);
  await reader.close();
});

test('the no-JavaScript form’s thank-you page links back to the site it was posted from', async ({ page, browser }) => {
  const name = `Pier Post ${Date.now().toString(36)}`;
  const { pub } = await publication(page, 'professional', name);
  const form = await trpcMutation<{ htmlCode: string }>(page, 'forms.create', { publicationId: pub.id, name: 'Sidebar' });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pier blog</title></head><body><h1>Pier blog</h1>${form.htmlCode}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await context.newPage();
    await visitor.goto(site);
    await visitor.getByLabel('Email').fill(uniqueEmail('pier-reader'));
    await visitor.getByRole('button', { name: 'Subscribe' }).click();
    await expect(visitor.getByRole('status')).toHaveText('Check your inbox to confirm your subscription.');
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(name);
    for (const label of PRODUCT_LINKS) await expect(visitor.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: 'Made with Curated' })).toHaveCount(1);
    const back = visitor.getByRole('link', { name: `Back to ${new URL(site).host}` });
    await expect(back).toHaveAttribute('href', site);
    if (SHOTS)
      for (const width of [1280, 390])
        for (const scheme of ['light', 'dark'] as const) {
          await visitor.setViewportSize({ width, height: 600 });
          await visitor.emulateMedia({ colorScheme: scheme });
          await visitor.screenshot({ path: `${SHOTS}/form-thanks-${width}-${scheme}.png`, fullPage: true });
        }
    await back.click();
    await expect(visitor.getByRole('heading', { name: 'Pier blog' })).toBeVisible();
    await context.close();
  } finally {
    await new Promise((resolve) => server.close(() => resolve(undefined)));
  }
});
