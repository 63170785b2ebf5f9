// (b) Admin pages are staff-only in the UI; the server refuses admin data on its own.
import { adminEmail, createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';

skipWithoutBrowser();

test('a plain user sees no admin group and is sent from /admin/users to /dashboard', async ({ page, request }) => {
  const email = uniqueEmail('plain');
  const { user } = await createAccount(request, 'Pat Plain', email);
  expect(user.role).toBe('user');
  await signInThroughUi(page, email);

  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(sidebar.getByRole('group', { name: 'Admin' })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'User Management' })).toHaveCount(0);

  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  const res = await page.request.get('/api/trpc/admin.listUsers');
  expect(res.status()).toBe(403);
});

test('the admin sees the admin group, the Enterprise badge and reaches /admin/users', async ({ page }) => {
  await signInThroughUi(page, adminEmail());
  await expect(page.getByTestId('plan-badge')).toHaveText('Enterprise');
  const admin = page.getByRole('navigation', { name: 'Sidebar' }).getByRole('group', { name: 'Admin' });
  for (const name of ['User Management', 'Email Management', 'Security']) {
    await expect(admin.getByRole('link', { name })).toBeVisible();
  }
  await admin.getByRole('link', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByLabel('Account type')).toHaveValue('Administrator');
});
