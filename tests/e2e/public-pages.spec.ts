// (c) the 404 page and (d) the landing lead form; plus the public routes resolving.
import { MSG } from '../../src/shared/messages';
import { expect, skipWithoutBrowser, test, uniqueEmail } from './support';

skipWithoutBrowser();

test('an unknown path shows the 404 page with Return to Home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText(MSG.notFoundPage)).toBeVisible();
  await page.getByRole('link', { name: MSG.returnHome }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Newsletters from sources you trust');
});

test('the landing lead form shows Sending... and goes to /thank-you', async ({ page }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Get the newsletter guide' });
  await form.getByLabel('First name').fill('Lee');
  await form.getByLabel('Email address').fill(uniqueEmail('lead'));
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/trpc/leads.subscribe**', async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole('button', { name: /Send me the guide/ }).click();
  await expect(form.getByRole('button', { name: MSG.sending })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
});

test('the lead form still goes to /thank-you when the server fails', async ({ page }) => {
  await page.route('**/api/trpc/leads.subscribe**', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Get the newsletter guide' });
  await form.getByLabel('Email address').fill(uniqueEmail('lead'));
  await form.getByRole('button', { name: /Send me the guide/ }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
});

test('the lead form goes to /thank-you after 3 s without a reply', async ({ page }) => {
  await page.route('**/api/trpc/leads.subscribe**', () => undefined);
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Get the newsletter guide' });
  await form.getByLabel('Email address').fill(uniqueEmail('lead'));
  await form.getByRole('button', { name: /Send me the guide/ }).click();
  await expect(form.getByRole('button', { name: MSG.sending })).toBeVisible();
  await expect(page).toHaveURL(/\/thank-you$/);
});

test('landing pricing shows the five plans from plans.ts with the launch offer', async ({ page }) => {
  await page.goto('/');
  const pricing = page.locator('#pricing');
  for (const [name, price] of [
    ['Free', '$0'],
    ['Basic', '$9'],
    ['Professional', '$19'],
    ['Business', '$39'],
    ['Enterprise', 'Contact Sales'],
  ]) {
    await expect(pricing.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(pricing.getByText(price, { exact: true }).first()).toBeVisible();
  }
  await expect(pricing.getByText(/first 50 users/).first()).toBeVisible();
  await expect(pricing.getByText(/7-day free trial, no card/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request Demo' })).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Roadmap' })).toBeVisible();
});

test('the landing says what the product does today and sells only what is built', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main).not.toContainText('Direct connections are on the way');
  const features = page.locator('#features');
  for (const title of [
    'AI Magic that cites its sources',
    'Your own subscribers',
    'Send now or on schedule',
    'Analytics: opens and clicks per issue',
    'Publish where your list lives',
  ])
    await expect(features.getByRole('heading', { name: title })).toBeVisible();
  await expect(features).toContainText('double opt-in');
  await expect(page.getByRole('list', { name: 'Publish to' })).toContainText('beehiiv');
  await expect(page.getByRole('list', { name: 'Send through' })).toContainText('Postmark');

  const pricing = page.locator('#pricing');
  const item = (text: string) => pricing.getByRole('listitem').filter({ hasText: text }).first();
  // Every feature the plans sell is built; the models are usable once the operator configures them, and say so.
  for (const text of ['ChatGPT and Perplexity', 'Gemini and Claude']) await expect(item(text)).toContainText('when your workspace enables them');
  for (const text of ['Analytics', 'All integrations', 'Team collaboration', 'White-label', 'Custom integrations', 'API access', 'Custom API access'])
    await expect(item(text)).not.toContainText(MSG.comingSoon);
  await expect(pricing).not.toContainText(MSG.comingSoon);
  // The limits shown come from what the server enforces.
  await expect(pricing.getByRole('list', { name: 'Basic limits' })).toContainText('200 AI generations a month');
});

test('the roadmap lists what exists as available, the plan features among them', async ({ page }) => {
  await page.goto('/roadmap');
  const main = page.getByRole('main');
  await expect(main).toContainText('double opt-in');
  await expect(main).toContainText('Resend, Mailgun or Postmark');
  for (const text of ['A/B testing', 'Custom theme colours', 'White-label', 'Webhooks (custom integrations)', 'A public API with keys'])
    await expect(main).toContainText(text);
});

test('public routes resolve with their own titles', async ({ page }) => {
  for (const [path, title] of [
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/refund', 'Refund Policy'],
    ['/roadmap', 'Roadmap'],
    ['/blog', 'Blog'],
    ['/help', 'Help Center'],
    ['/trial-success?email=a%40b.test', 'Your trial is active'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Curated`);
  }
  await expect(page.getByText('a@b.test')).toBeVisible();
});

test('auth providers that are not configured are disabled with an explanation', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  await expect(page.getByText(MSG.providerNotConfigured('Google'))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeDisabled();
  for (const name of ['Terms', 'Privacy Policy', 'Refund Policy']) await expect(page.getByRole('link', { name })).toBeVisible();
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('code'));
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(MSG.codeSent, { exact: true })).toBeVisible();
  const code = page.getByLabel('6-digit code');
  await code.fill('12a34-5678');
  await expect(code).toHaveValue('123456');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG.codeInvalid);
});

test('a failing page shows Application Error with a way home', async ({ page }) => {
  await page.route('**/api/trpc/auth.check**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: MSG.appError })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(MSG.pageErrorBody)).toBeVisible();
  await expect(page.getByRole('link', { name: MSG.returnHome })).toHaveAttribute('href', '/');
});

test('inside a frame the viewport is locked to no zoom', async ({ page }) => {
  await page.goto('/terms');
  expect(await page.locator('meta[name="viewport"]').getAttribute('content')).not.toContain('user-scalable=no');
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.src = '/privacy';
    frame.title = 'embedded';
    document.body.append(frame);
  });
  const frame = page.frameLocator('iframe[title="embedded"]');
  await expect(frame.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await expect(frame.locator('meta[name="viewport"]')).toHaveAttribute('content', /maximum-scale=1, user-scalable=no/);
});
