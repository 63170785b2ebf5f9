// (a) A new user's first visit: landing -> Get Started (account creation) -> shell -> preferences survive a reload ->
// profile with avatar -> sign out.
import { MSG } from '../../src/shared/messages';
import { expect, makePng, skipWithoutBrowser, test, uniqueEmail } from './support';

skipWithoutBrowser();

test('new user journey', async ({ page }, testInfo) => {
  const email = uniqueEmail('journey');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Newsletters from sources you trust');
  await expect(page).toHaveTitle(/Curated/);
  await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();

  // "Get Started" opens account creation itself.
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await expect(page).toHaveTitle('Create your account · Curated');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Full name').fill('Jamie Journey');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();

  // The shell: a plain free user with the trial countdown and no admin group.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard · Curated');
  await expect(page.getByTestId('plan-badge')).toHaveText('Free');
  await expect(page.getByText('7 days left')).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar.getByRole('link', { name: 'Publications' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  for (const title of ['Integrations', 'Recent Publications', 'Subscription Plans']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }

  // Dark mode and a collapsed sidebar survive a reload.
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('ui-theme'), localStorage.getItem('sidebarCollapsed')])).toEqual(['dark', 'true']);

  // Profile: new name and an avatar, resized to 200 px JPEG.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByLabel('Account type')).toHaveValue('User');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Full name').fill('  Jamie Renamed  ');
  const png = makePng(testInfo.outputPath('avatar.png'), 400, 300);
  await page.locator('#avatar-file').setInputFiles(png);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(MSG.profileUpdated, { exact: true })).toBeVisible();

  const me = await (await page.request.get('/api/user')).json();
  expect(me.name).toBe('Jamie Renamed');
  const avatar: string = me.avatar;
  expect(avatar.startsWith('data:image/jpeg;base64,')).toBe(true);
  const size = await page.evaluate(
    (src) =>
      new Promise<[number, number]>((resolve) => {
        const img = new Image();
        img.onload = () => resolve([img.naturalWidth, img.naturalHeight]);
        img.src = src;
      }),
    avatar,
  );
  expect(size).toEqual([200, 150]);
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(page.getByRole('navigation', { name: 'Sidebar' }).locator('..').getByText('Jamie Renamed')).toBeVisible();

  // Sign out lands on the landing page, and the signed-in area is closed again.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('signed-in visitors of / and /auth go to the dashboard', async ({ page, request }) => {
  const email = uniqueEmail('redirect');
  await request.post('/api/auth/signup', { data: { name: 'Robin Redirect', email, password: 'correct horse battery staple' } });
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG.invalidCredentials);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
});
