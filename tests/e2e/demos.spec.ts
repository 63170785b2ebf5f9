// The protection demo pages: the two-factor demo from an address to 'Verified' with the mailed code,
// the honeypot form (a person passes, a filled trap is refused), the anti-scraping page's live log and
// enterprise notice, the protection status checks, and the anti-copy layer staying on the demo pages.
import { latestCodeFor } from './fixtures/workflow-helpers';
import { expect, skipWithoutBrowser, test, uniqueEmail } from './support';

skipWithoutBrowser();

test('the two-factor demo goes from an address to Verified with the mailed code, and Reset clears it', async ({ page }) => {
  const email = uniqueEmail('twofa');
  await page.goto('/twofa-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Demo' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Verification code sent! Check your email.' })).toBeVisible();

  await page.getByLabel('6-digit code').fill('000000' === latestCodeFor(email) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid verification code' })).toBeVisible();

  await page.getByLabel('6-digit code').fill(latestCodeFor(email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Verified' })).toContainText('Code verified successfully! 2FA is working.');
  // The demo signs no one in.
  const check = await page.request.get('/api/auth/check');
  expect(await check.json()).toMatchObject({ authenticated: false });

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
});

test('the security demo form passes a person and refuses a filled honeypot; copying is blocked there only', async ({ page }) => {
  await page.goto('/security-demo');
  const form = page.getByRole('form', { name: 'Protected contact form' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please fill in your name, email and message.');

  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('demo'));
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello from a person');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toHaveText('Thanks! Your message passed every check.');

  // A bot fills every input it finds, the hidden traps included.
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Bot');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('bot@example.test');
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Buy now');
  await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toContainText('a hidden anti-bot field was filled in');

  // The traps are out of the tab order and hidden from assistive technology.
  await expect(page.locator('input[name="phone_number"]')).toHaveAttribute('tabindex', '-1');
  await expect(page.getByRole('textbox', { name: 'website' })).toHaveCount(0);

  // The anti-copy layer: the context menu is refused on the demo page…
  const prevented = () =>
    page.evaluate(() => {
      const e = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      document.body.dispatchEvent(e);
      return e.defaultPrevented;
    });
  expect(await prevented()).toBe(true);
  await expect(page.getByText('The context menu is blocked on this demo page.')).toBeVisible();
  expect(await page.locator('[data-protected]').evaluate((el) => getComputedStyle(el).userSelect)).toBe('none');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('[data-protected]')).toBeHidden();
  await expect(page.getByText('Printing is disabled on this protection demo page.')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // …and gone once the visitor leaves it.
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await prevented()).toBe(false);
});

test('the anti-scraping demo shows the enterprise notice, the tabs and the live log', async ({ page }) => {
  await page.goto('/anti-scraping');
  await expect(page.getByRole('note')).toHaveCount(0);
  await page.getByLabel('Protection level').selectOption('enterprise');
  await expect(page.getByRole('note')).toContainText('Enterprise protection is set up with our team');

  for (const tab of ['Content Protection', 'Form Security', 'Activity Monitor', 'Enterprise Features']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  }
  await expect(page.getByRole('tabpanel')).toContainText('HSTS in production');

  const log = page.getByRole('list', { name: 'Recent demo events' });
  await expect(log.getByRole('listitem').filter({ hasText: '/anti-scraping' }).first()).toContainText('Page visited');
  // A refused submission elsewhere shows up within one poll (3 s).
  const res = await page.request.post('/api/demo/submit', { data: { name: 'Bot', email: 'bot@example.test', message: 'x', homepage: 'spam' } });
  expect(res.status()).toBe(400);
  // The log is the server's: other tests' visits may land between, so the event is looked for, not assumed first.
  await expect(log.getByRole('listitem').filter({ hasText: 'Bot caught by honeypot (homepage)' }).first()).toBeVisible({ timeout: 6000 });
  expect(await log.getByRole('listitem').count()).toBeLessThanOrEqual(10);
});

test('the protection status page checks the server live and opens the sitemap in a new tab', async ({ page, context }) => {
  await page.goto('/protection-status');
  const checks = page.getByRole('list', { name: 'Protection checks' });
  for (const name of ['Protected content', 'Anti-scraping', 'Honeypot', 'Content-Security-Policy']) {
    await expect(checks.getByRole('listitem').filter({ hasText: name }).first()).toContainText('Active');
  }
  // The e2e server is not production, so HSTS is off: 5 of 6.
  await expect(checks.getByRole('listitem').filter({ hasText: 'Strict-Transport-Security' })).toContainText('Inactive');
  await expect(page.getByRole('progressbar', { name: 'Protection coverage' })).toHaveAttribute('aria-valuenow', '83');
  await expect(page.getByText('5 of 6 protections active')).toBeVisible();

  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Test: open sitemap.xml' }).click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(/\/sitemap\.xml$/);
  expect(await tab.content()).toContain('urlset');
});
