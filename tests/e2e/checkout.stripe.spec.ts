// Buying a plan end to end on the payments server: a free user starts checkout on /upgrade, pays in the
// new tab (the loopback fake of Stripe's hosted checkout), Stripe's signed webhook reaches the server,
// and the plan badge and theme access change; the billing portal then cancels at the period end.
import { expect, createAccount, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { startE2eStripe } from './fixtures/stripe';
import { trpcMutation } from './fixtures/workflow-helpers';
import type { FakeStripe } from '../helpers/fake-stripe';

skipWithoutBrowser();

let stripe: FakeStripe;
// One worker runs this file's tests in order (its tests share the Stripe fake its beforeAll starts).
test.describe.configure({ mode: 'default' });

test.beforeAll(async ({ request }) => {
  stripe = await startE2eStripe();
  // The first account of this server's fresh database is its admin: take that seat with a bystander.
  await createAccount(request, 'Payments Admin', uniqueEmail('pay-admin'));
});
test.afterAll(async () => {
  await stripe?.close();
});

test('a free user buys Professional: checkout in a new tab, the webhook arrives, plan badge and themes change', async ({ page, request, context }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('buyer');
  await createAccount(request, 'Bea Buyer', email);
  await signInThroughUi(page, email);
  await expect(page.getByTestId('plan-badge')).toHaveText('Free');

  // Before: Newsprint (a Professional theme) is locked in the workflow.
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Bought Weekly' });
  await page.goto(`/workflow?publicationId=${pub.id}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  const newsprint = page.getByRole('list', { name: 'Newsletter themes' }).getByRole('article', { name: 'Newsprint' });
  await expect(newsprint.getByRole('button', { name: 'Upgrade to Use' })).toBeVisible();

  await page.goto('/upgrade');
  const checkoutTab = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Upgrade to Professional' }).click();
  const tab = await checkoutTab;
  await tab.waitForLoadState();
  await expect(tab.getByRole('heading', { name: 'Pay for professional' })).toBeVisible();
  await expect(page.getByTestId('checkout-banner')).toContainText('Finish the payment in the new tab.');
  // Nothing changes before Stripe confirms.
  await expect(page.getByTestId('plan-badge')).toHaveText('Free');

  await tab.getByRole('button', { name: 'Pay' }).click();
  await expect(tab).toHaveURL(/\/upgrade\?checkout=success$/);
  await tab.close();
  expect(stripe.subscriptions.size).toBe(1);

  // The first tab notices the new plan by itself.
  await expect(page.getByTestId('checkout-banner')).toContainText("You're on Professional now.", { timeout: 15_000 });
  await expect(page.getByTestId('plan-badge')).toHaveText('Pro');
  await page.goto(`/workflow?publicationId=${pub.id}`);
  await expect(newsprint.getByRole('button', { name: 'Use This Theme' })).toBeEnabled();

  // Billing in the sidebar is the buyer's own: the plan, its price and renewal, the portal.
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByTestId('your-plan')).toHaveText('Professional');
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('$19.00 / month');
  await expect(payments).toContainText('Renews on');
  await expect(page.getByRole('table')).toHaveCount(0);

  // Cancel in the billing portal: the plan stays until the end of the period.
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page.getByRole('heading', { name: 'Billing portal (test)' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription canceled' })).toBeVisible();
  await page.goto('/upgrade');
  await expect(page.getByText(/Cancels on .* you keep Professional until then/)).toBeVisible();
  await expect(page.getByTestId('plan-badge')).toHaveText('Pro');
  await page.goto('/billing');
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText('Access until');
});
