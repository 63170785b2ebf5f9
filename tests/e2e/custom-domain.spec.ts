// White-label with a custom domain: an Enterprise creator enters a domain in Settings, is shown the TXT
// record that proves it is theirs, publishes it (on a loopback name server the server is configured to
// ask) and verifies it; a reader's browser (which resolves that name to this server, as DNS would)
// opens the signup page on the domain, sees the publication's name and nothing of the product, and
// subscribes; the readers' pages there (signup, confirmation, unsubscribe, preferences) carry nothing
// of the product in their head, as served and after the client ran; the app itself, asked for on the
// domain, is sent to APP_URL.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { chromiumLaunchOptions } from '../helpers/chromium';
import { startDnsServer, type DnsServer } from '../helpers/dns-server';
import { createUserWithPlan, E2E_DB, outboxFor, trpcMutation, trpcQuery } from './fixtures/workflow-helpers';
import { signToken } from '../../src/server/crypto';

skipWithoutBrowser();

const DOMAIN = 'news.harbour.test';
test.use({ launchOptions: { ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, `--host-resolver-rules=MAP *.${DOMAIN} 127.0.0.1`] } });

// The name server playwright.config.ts names in DOMAIN_DNS_SERVERS (UDP).
let dns: DnsServer;
test.beforeAll(async () => {
  dns = await startDnsServer(Number(process.env.E2E_PORT ?? 3111) + 12);
});
test.afterAll(() => dns.close());

/** The reader's links, signed as the server signs them (with the secret it keeps beside its database). */
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

/** The page's HTML as the server sends it for the domain (the Host header a reader's browser sends). */
function served(url: string): Promise<string> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: u.port, path: `${u.pathname}${u.search}`, headers: { host: u.host } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

/** The head of the page as the server sent it, and after the client has run. */
async function expectNoProductInHead(reader: Page, url: string) {
  const html = await served(url);
  const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1];
  expect(head, url).toBeTruthy();
  expect(head, `${url} as served`).not.toMatch(/curated/i);
  await reader.goto(url);
  await expect(reader.locator('#root')).not.toBeEmpty();
  await reader.waitForLoadState('networkidle');
  expect(await reader.evaluate(() => document.head.outerHTML), `${url} after the client ran`).not.toMatch(/curated/i);
  expect(await reader.locator('body').innerText(), url).not.toMatch(/curated/i);
}

test('an Enterprise account proves its domain and serves its readers’ pages there, without the product’s name', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail('harbour');
  createUserWithPlan(email, 'Hal Harbour', 'enterprise');
  await signInThroughUi(page, email);
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Harbour Notes' });
  const slug = new URL((await trpcQuery<{ signupUrl: string }>(page, 'sends.audience', { publicationId: pub.id })).signupUrl).pathname.split('/')[2]!;

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Advanced' }).click();
  // Each run claims its own name under the test domain (one account per domain).
  const host = `${slug}.${DOMAIN}`;
  await page.getByLabel('Domain').fill(`https://${host.toUpperCase()}/`);
  await page.getByRole('button', { name: 'Use this domain' }).click();
  const pending = page.getByTestId('custom-domain-pending');
  await expect(pending).toContainText(host);
  await expect(pending).toContainText('Not verified');
  const [name, value] = await pending.locator('code').allInnerTexts();
  expect(name).toBe(`_newsletter-verify.${host}`);

  // Not published yet: the check says so, and the domain serves nothing.
  await pending.getByRole('button', { name: 'Verify' }).click();
  await expect(pending.getByRole('alert')).toHaveText(
    `No TXT record found at ${name}. Add the record shown, then try again; a new DNS record can take up to an hour to be seen.`,
  );
  const port = new URL(baseURL!).port;
  const reader = await browser.newPage();
  await reader.goto(`http://${host}:${port}/p/${slug}`);
  await expect(reader).toHaveURL(`${baseURL}/p/${slug}`);

  dns.setTxt(name!, [value!]);
  await pending.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('custom-domain-current')).toContainText(`Readers' pages are served on ${host}.`);
  await expect(page.getByTestId('custom-domain-current')).toContainText('Verified');
  await expect(pending).toHaveCount(0);

  await reader.goto(`http://${host}:${port}/p/${slug}`);
  await expect(reader.getByRole('heading', { name: 'Harbour Notes', level: 1 })).toBeVisible();
  await expect(reader).toHaveTitle('Subscribe to Harbour Notes');
  expect(await reader.locator('body').innerText()).not.toMatch(/curated/i);
  const address = uniqueEmail('reader');
  await reader.getByLabel('Email').fill(address);
  await reader.getByRole('button', { name: 'Subscribe' }).click();
  await expect(reader.getByRole('status')).toContainText('Check your inbox');
  const [mail] = outboxFor(address);
  expect(mail?.html).toContain(`https://${host}/p/${slug}/confirm?token=`);
  const confirmToken = /confirm\?token=([\w-]+)/.exec(mail!.html!)![1]!;

  // Every reader's page on the domain: nothing of the product in its head (title, description, icon, …).
  const links = readerLinks(address);
  const origin = `http://${host}:${port}`;
  await expectNoProductInHead(reader, `${origin}/p/${slug}`);
  await expectNoProductInHead(reader, `${origin}/p/${slug}/confirm?token=${confirmToken}`);
  await expect(reader.getByText('Harbour Notes').first()).toBeVisible();
  await expectNoProductInHead(reader, `${origin}/unsubscribe?token=${links.unsubscribe}`);
  await expect(reader).toHaveTitle('Unsubscribe');
  await expectNoProductInHead(reader, `${origin}/preferences/${links.preferences}`);
  await expect(reader).toHaveTitle('Preferences');
  // A link that no longer reads is still the domain's page, not the product's.
  await expectNoProductInHead(reader, `${origin}/unsubscribe?token=not-a-token`);

  // The app is not served on the domain: its pages go to APP_URL.
  await reader.goto(`http://${host}:${port}/dashboard`);
  await expect(reader).toHaveURL(new RegExp(`^${baseURL!.replace(/[.]/g, '\\.')}/`));
});
