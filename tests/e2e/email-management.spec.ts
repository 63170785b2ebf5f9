// Email Management: staff see the system's real figures and health, preview a real template and send a
// test email that lands in the outbox and is counted; a free plan sees only the upgrade notice.
import { adminEmail, createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { outboxFor } from './fixtures/workflow-helpers';
import { MSG } from '../../src/shared/messages';

skipWithoutBrowser();

const sentToday = async (page: import('@playwright/test').Page) => Number((await page.getByTestId('sent-today-value').innerText()).replace(/,/g, ''));

test('staff: overview figures, templates with a preview, and a test email counted and kept in the outbox', async ({ page }) => {
  await signInThroughUi(page, adminEmail());
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Email Management' }).click();
  await expect(page).toHaveURL(/\/admin\/emails$/);
  await expect(page.getByRole('heading', { name: 'Email Management', level: 1 })).toBeVisible();

  // Only the outbox is configured on the e2e server: a warning, said plainly.
  await expect(page.getByTestId('overall-status')).toContainText('Warning');
  await expect(page.getByTestId('overall-status')).toContainText('Last checked');
  await expect(page.getByTestId('service-brevo')).toContainText('Built-in outbox');
  await expect(page.getByTestId('service-bigscoots')).toContainText('No secondary service configured');
  await expect(page.getByTestId('sent-today-value')).toHaveText(/^\d[\d,]*$/);
  const before = await sentToday(page);

  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByTestId('template-sign-in-code')).toContainText('authentication');
  await page.getByRole('button', { name: 'Preview Sign-in and verification code' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('preview-subject')).toHaveText('Your sign-in code: 123456');
  await expect(dialog.getByTestId('preview-text')).toContainText('Your verification code is 123456.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('tab', { name: 'Testing' }).click();
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(page.getByTestId('test-result')).toHaveText(MSG.testEmailMissing);

  const to = uniqueEmail('test-inbox');
  await page.getByLabel('From').selectOption({ index: 1 });
  const from = await page.getByLabel('From').inputValue();
  expect(from).toMatch(/^hello@/);
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(to);
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(page.getByTestId('test-result')).toContainText(`Test email sent to ${to}`);
  await expect(page.getByTestId('test-result')).toContainText('built-in outbox');
  const kept = outboxFor(to);
  expect(kept).toHaveLength(1);
  expect(kept[0]!.subject).toContain('test email');

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect.poll(() => sentToday(page)).toBeGreaterThanOrEqual(before + 1);
  await expect(page.getByTestId('delivery-rate-value')).toHaveText(/%$/);

  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText('Automatic Fallback Enabled')).toBeVisible();
  await expect(page.getByText('Delivery Tracking Active')).toBeVisible();
  await expect(page.getByText('Rate Limiting Monitoring')).toBeVisible();
});

test('a free plan sees only the upgrade notice on /email-management, and the server refuses it too', async ({ page, request }) => {
  const email = uniqueEmail('free-mail');
  await createAccount(request, 'Fay Free', email);
  await signInThroughUi(page, email);
  await page.goto('/email-management');
  await expect(page.getByText(MSG.emailManagementUnavailable)).toBeVisible();
  const upgrade = page.getByRole('link', { name: MSG.upgradeYourPlan });
  await expect(upgrade).toHaveAttribute('href', '/upgrade');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveCount(0);
  expect((await page.request.get('/api/email/health')).status()).toBe(403);
  await upgrade.click();
  await expect(page).toHaveURL(/\/upgrade$/);
});

test('staff: the delivery test says honestly that no provider is configured', async ({ page }) => {
  await signInThroughUi(page, adminEmail());
  await page.goto('/email-delivery-test');
  await expect(page.getByLabel('Send the test to')).toHaveValue(adminEmail());
  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(page.getByTestId('result-bigscoots')).toContainText('SMTP: not configured');
  await expect(page.getByTestId('result-brevo')).toContainText(MSG.notConfiguredOnServer);
  await expect(page.getByTestId('delivery-results')).toContainText('built-in outbox');
});
