// White-label with a custom domain: an Enterprise creator enters a domain in Settings; a reader's
// browser (which resolves that name to this server, as DNS would) opens the signup page on the domain,
// sees the publication's name and nothing of the product, and subscribes; the app itself, asked for on
// the domain, is sent to APP_URL.
import { expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { chromiumLaunchOptions } from '../helpers/chromium';
import { createUserWithPlan, outboxFor, trpcMutation, trpcQuery } from './fixtures/workflow-helpers';

skipWithoutBrowser();

const DOMAIN = 'news.harbour.test';
test.use({ launchOptions: { ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, `--host-resolver-rules=MAP *.${DOMAIN} 127.0.0.1`] } });

test('an Enterprise account serves its readers’ pages on its own domain, without the product’s name', async ({ page, browser, baseURL }) => {
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
  await expect(page.getByTestId('custom-domain-current')).toContainText(`Readers' pages are served on ${host}.`);

  const port = new URL(baseURL!).port;
  const reader = await browser.newPage();
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

  // The app is not served on the domain: its pages go to APP_URL.
  await reader.goto(`http://${host}:${port}/dashboard`);
  await expect(reader).toHaveURL(new RegExp(`^${baseURL!.replace(/[.]/g, '\\.')}/`));
});
