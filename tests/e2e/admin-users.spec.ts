// User management: an admin finds an account and changes its plan; the user's theme access follows
// at once, and the change is in the audit log on /admin/security.
import type { BrowserContext } from '@playwright/test';
import { adminEmail, createAccount, expect, PASSWORD, skipWithoutBrowser, test, uniqueEmail } from './support';
import { trpcMutation } from './fixtures/workflow-helpers';

skipWithoutBrowser();

// Signing in is not this journey (the other journeys go through its page): the context's request shares the browser's
// cookies, so an API sign-in spares two page loads that pushed the test past its time limit on a busy machine.
async function signedInPage(context: BrowserContext, email: string) {
  const res = await context.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return context.newPage();
}

test('an admin changes a user’s plan and the user’s theme access changes', async ({ browser, request }) => {
  const email = uniqueEmail('managed');
  await createAccount(request, 'Mona Managed', email);

  const userContext = await browser.newContext();
  const userPage = await signedInPage(userContext, email);
  const pub = await trpcMutation<{ id: string }>(userPage, 'publications.create', { name: 'Managed Weekly' });
  await userPage.goto(`/workflow?publicationId=${pub.id}`);
  await userPage.getByRole('button', { name: 'Continue' }).click();
  const newsprint = userPage.getByRole('list', { name: 'Newsletter themes' }).getByRole('article', { name: 'Newsprint' });
  await expect(newsprint.getByRole('button', { name: 'Upgrade to Use' })).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await signedInPage(adminContext, adminEmail());
  await admin.goto('/admin/users');
  await expect(admin.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await admin.getByLabel('Search').fill(email);
  const row = admin.getByRole('listitem', { name: email });
  await expect(row).toContainText('Mona Managed');
  await expect(admin.getByRole('list', { name: 'Accounts' }).getByRole('listitem')).toHaveCount(1);
  const plan = row.getByLabel(`Plan of ${email}`);
  await plan.selectOption('professional');
  await expect(admin.getByText('Plan changed', { exact: true })).toBeVisible();
  // The row's text always holds "Pro" (an option of the plan picker); the picker shows the stored plan,
  // so its value turns only when the list, refetched after the change, says so.
  await expect(plan).toHaveValue('professional');

  await userPage.reload();
  await expect(userPage.getByTestId('plan-badge')).toHaveText('Pro');
  await expect(newsprint.getByRole('button', { name: 'Use This Theme' })).toBeEnabled();

  // The change is in the audit log on /admin/security, with who made it.
  await admin.goto('/admin/security');
  await expect(admin.getByRole('heading', { name: 'Security' })).toBeVisible();
  await admin.getByRole('tab', { name: 'Audit log' }).click();
  const entry = admin.getByRole('row').filter({ hasText: email });
  await expect(entry).toContainText('plan.set');
  await expect(entry).toContainText(adminEmail());
  await expect(entry).toContainText('to: professional');

  // The admin home counts the accounts and shows the change among the recent ones.
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Totals' })).toContainText('Accounts');
  await expect(admin.getByText(email).first()).toBeVisible();

  await userContext.close();
  await adminContext.close();
});
