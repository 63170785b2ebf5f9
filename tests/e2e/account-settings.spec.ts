// Account avatar validation and the device-local settings.
import fs from 'node:fs';
import crypto from 'node:crypto';
import { MSG } from '../../src/shared/messages';
import { createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';

skipWithoutBrowser();

test('avatar uploads are checked for type and size before anything is sent', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('avatar');
  await createAccount(request, 'Ava Tar', email);
  await signInThroughUi(page, email);
  await page.goto('/account');
  await expect(page).toHaveTitle('Account · Curated');
  await expect(page.getByLabel('Member since')).toHaveValue(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

  const notImage = testInfo.outputPath('notes.txt');
  fs.writeFileSync(notImage, 'not an image');
  await page.locator('#avatar-file').setInputFiles(notImage);
  await expect(page.getByRole('alert')).toHaveText(MSG.avatarNotImage);

  const big = testInfo.outputPath('big.png');
  fs.writeFileSync(big, crypto.randomBytes(1024 * 1024 + 10));
  await page.locator('#avatar-file').setInputFiles(big);
  await expect(page.getByRole('alert')).toHaveText(MSG.avatarTooLarge);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  const me = await (await page.request.get('/api/user')).json();
  expect(me.avatar).toBeNull();
});

test('settings tabs keep their choices on this device; API keys come with the Business plan', async ({ page, request }) => {
  const email = uniqueEmail('settings');
  await createAccount(request, 'Sam Settings', email);
  await signInThroughUi(page, email);
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  for (const tab of ['General', 'Notifications', 'Privacy', 'Advanced']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();

  await page.getByLabel('Time zone').selectOption({ label: 'London' });
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByLabel('Email frequency').selectOption('monthly');
  await page.getByRole('switch', { name: 'Weekly digest' }).click();
  await page.reload();
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/London');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByLabel('Email frequency')).toHaveValue('monthly');
  await expect(page.getByRole('switch', { name: 'Weekly digest' })).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('tab', { name: 'Advanced' }).click();
  // The browser's preferences and the account's settings are told apart: API keys, webhooks and the
  // domain are kept with the account, not "on this device only".
  await expect(page.getByText(/stored on this device only/i)).toHaveCount(0);
  const device = page.getByRole('region', { name: 'On this device' });
  const account = page.getByRole('region', { name: 'Saved with your account' });
  await expect(device.getByRole('switch', { name: 'Developer mode' })).toBeVisible();
  await expect(device).not.toContainText('API');
  await expect(account.getByRole('link', { name: 'API reference' })).toBeVisible();
  await expect(account).toContainText('Webhooks');
  await expect(account).toContainText('domain');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('region', { name: 'Saved with your account' }).getByRole('switch', { name: 'Product news from Curated' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'On this device' }).getByRole('switch', { name: 'Weekly digest' })).toBeVisible();
  await page.getByRole('tab', { name: 'Advanced' }).click();
  // API keys belong to Business (its capability row): a free account is told so and offered the upgrade.
  await expect(page.getByText(MSG.planRequired('Business'), { exact: true })).toBeVisible();
  await expect(page.getByText(MSG.comingSoon, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create API key' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/developers');
});
