// User management: an admin finds an account and changes its plan; the user's theme access follows
// at once, and the change is in the audit log on /admin/security.
import { adminEmail, createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { trpcMutation } from './fixtures/workflow-helpers';

skipWithoutBrowser();

test('an admin changes a user’s plan and the user’s theme access changes', async ({ browser, request }) => {
  const email = uniqueEmail('managed');
  await createAccount(request, 'Mona Managed', email);

  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signInThroughUi(userPage, email);
  const pub = await trpcMutation<{ id: string }>(userPage, 'publications.create', { name: 'Managed Weekly' });
  await userPage.goto(`/workflow?publicationId=${pub.id}`);
  await userPage.getByRole('button', { name: 'Continue' }).click();
  const newsprint = userPage.getByRole('list', { name: 'Newsletter themes' }).getByRole('article', { name: 'Newsprint' });
  await expect(newsprint.getByRole('button', { name: 'Upgrade to Use' })).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInThroughUi(admin, adminEmail());
  await admin.goto('/admin/users');
  await expect(admin.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await admin.getByLabel('Search').fill(email);
  const row = admin.getByRole('listitem', { name: email });
  await expect(row).toContainText('Mona Managed');
  await expect(admin.getByRole('list', { name: 'Accounts' }).getByRole('listitem')).toHaveCount(1);
  await row.getByLabel(`Plan of ${email}`).selectOption('professional');
  await expect(admin.getByText('Plan changed', { exact: true })).toBeVisible();
  await expect(row).toContainText('Pro');

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
