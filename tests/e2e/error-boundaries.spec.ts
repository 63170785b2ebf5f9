// Page error boundaries (spec §2, §8): a page that fails while rendering shows '{component} Error' inside
// the shell, an admin page the admin boundary's 'Admin Dashboard Error'; both with the spec's sentence and
// Return to Home, and the sidebar still leads elsewhere. The failure is made deterministic by answering
// the page's own tRPC read with a body of the wrong shape.
import type { Page } from '@playwright/test';
import { MSG } from '../../src/shared/messages';
import { adminEmail, createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';

skipWithoutBrowser();

/** Lets every batched tRPC read through, except that `procedure` answers `{}` where its data should be. */
async function malformedAnswerFor(page: Page, procedure: string) {
  await page.route('**/api/trpc/**', async (route) => {
    const names = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/api\/trpc\//, '')).split(',');
    const at = names.indexOf(procedure);
    if (at === -1) return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as unknown[];
    body[at] = { result: { data: {} } };
    await route.fulfill({ response, json: body });
  });
}

test("a failing page shows '{component} Error' inside the shell, with the spec's sentence and a way home", async ({ page, request }) => {
  const email = uniqueEmail('page-error');
  await createAccount(request, 'Pat Page', email);
  await signInThroughUi(page, email);
  await malformedAnswerFor(page, 'publications.list');
  await page.goto('/publications');
  await expect(page.getByRole('heading', { name: MSG.pageError('Publications') })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(MSG.pageErrorBody)).toBeVisible();
  await expect(page.getByRole('link', { name: MSG.returnHome })).toHaveAttribute('href', '/');
  await expect(page.getByRole('heading', { name: MSG.appError })).toHaveCount(0);

  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test("a failing admin page shows the admin boundary's 'Admin Dashboard Error'", async ({ page }) => {
  await signInThroughUi(page, adminEmail());
  await malformedAnswerFor(page, 'admin.listUsers');
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: MSG.adminError })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(MSG.pageErrorBody)).toBeVisible();
  await expect(page.getByRole('link', { name: MSG.returnHome })).toHaveAttribute('href', '/');
  await expect(page.getByRole('heading', { name: MSG.appError })).toHaveCount(0);

  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: MSG.adminError })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
});
