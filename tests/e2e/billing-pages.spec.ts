// Plans and payments without Stripe (the e2e server has no Stripe keys): the free trial from signup to
// its code and the success page; /upgrade saying plainly that nothing is sold here and still reaching
// sales; /billing: every creator's own plan, and for staff also the subscriptions (summary, records, samples marked,
// CSV export), which the server refuses to everyone else.
import fs from 'node:fs';
import { MSG } from '../../src/shared/messages';
import { PLAN_OFFERS, isComingSoon } from '../../src/shared/plan-offers';
import { BILLING_CSV_COLUMNS, BILLING_MSG, type BillingRecord } from '../../src/shared/schemas/billing';
import { latestCodeFor, trpcQuery } from './fixtures/workflow-helpers';
import { adminEmail, createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';

skipWithoutBrowser();

test('free trial: the form, the code from the inbox, and the trial running on its plan', async ({ page }) => {
  const email = uniqueEmail('trial');
  await page.goto('/trial-signup?plan=basic');
  await expect(page.getByRole('heading', { name: 'Start your free trial', level: 1 })).toBeVisible();
  await expect(page.getByText('7 days of Basic, no card needed; afterwards your account moves to the free plan and keeps everything you made')).toBeVisible();
  await expect(page.getByRole('complementary')).toContainText('$9/month');

  // An empty field is answered on the page, without a call to the server.
  await page.getByLabel('Full name').fill('Tia Trial');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByText(BILLING_MSG.missingInfoTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(BILLING_MSG.missingInfo, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/trial-signup\?plan=basic$/);

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(`/trial-confirmation?email=${encodeURIComponent(email)}`);
  await expect(page.getByText(`Check your inbox: we sent a 6-digit code to ${email}`)).toBeVisible();

  // A wrong code is refused with the server's words; the right one signs the visitor in.
  const code = latestCodeFor(email);
  await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.codeInvalid })).toBeVisible();
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(`/trial-success?email=${encodeURIComponent(email)}`);
  await expect(page.getByText(`Your 7-day free trial is active for ${email}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');

  const check = (await (await page.request.get('/api/auth/check')).json()) as { authenticated: boolean; user: { email: string; effectivePlan: string } };
  expect(check.authenticated).toBe(true);
  expect(check.user).toMatchObject({ email, effectivePlan: 'basic' });

  // /upgrade shows the trial's plan as the current one, with the days left.
  await page.goto('/upgrade');
  await expect(page.getByTestId('your-plan')).toHaveText('Basic');
  const basic = page.getByRole('region', { name: 'Basic', exact: true });
  await expect(basic.getByText(MSG.currentPlan, { exact: true }).first()).toBeVisible();
  await expect(basic).toContainText('Free trial: 7 days left');
});

test('a free user on /upgrade without payments set up: the notice, no checkout, sales still reachable', async ({ page, request }) => {
  const email = uniqueEmail('upgrade-free');
  await createAccount(request, 'Fred Free', email);
  await signInThroughUi(page, email);

  await page.goto('/upgrade?plan=professional');
  await expect(page.getByRole('heading', { name: 'Upgrade', level: 1 })).toBeVisible();
  await expect(page.getByTestId('payments-off')).toContainText(BILLING_MSG.paymentsNotConfigured);
  await expect(page.getByTestId('payments-off')).toContainText('npm run cli -- billing.setPlan');
  await expect(page.getByTestId('your-plan')).toHaveText('Free');
  for (const offer of PLAN_OFFERS) {
    const card = page.getByRole('region', { name: offer.name });
    await expect(card).toContainText(offer.monthlyPrice === null ? offer.priceLabel : `$${offer.monthlyPrice}/month`);
  }
  await expect(page.getByRole('region', { name: 'Professional' })).toContainText(MSG.mostPopular);
  await expect(page.getByRole('region', { name: 'Professional' })).toContainText('Your choice');
  // Each feature nothing builds yet carries 'Coming soon' (the flag in plans.ts); built ones do not.
  for (const offer of PLAN_OFFERS) {
    const items = page.getByRole('region', { name: offer.name }).getByRole('listitem');
    for (const f of offer.features) {
      const item = items.filter({ hasText: f.text }).first();
      if (isComingSoon(f)) await expect(item).toContainText(MSG.comingSoon);
      else await expect(item).not.toContainText(MSG.comingSoon);
    }
  }
  await expect(page.getByRole('region', { name: 'Business' }).getByRole('listitem').filter({ hasText: 'A/B testing' })).not.toContainText(MSG.comingSoon);
  await expect(page.getByRole('region', { name: 'Business' }).getByRole('listitem').filter({ hasText: 'API access' })).not.toContainText(MSG.comingSoon);
  await expect(page.getByRole('region', { name: 'Enterprise' }).getByRole('listitem').filter({ hasText: 'Custom API access' })).not.toContainText(
    MSG.comingSoon,
  );
  await expect(page.getByRole('button', { name: /^Upgrade to / })).toHaveCount(0);
  await expect(page.getByText(MSG.currentPlan, { exact: true })).toHaveCount(0);
  await expect(page.getByText('14-day money-back guarantee')).toBeVisible();

  // The server refuses a checkout on its own, with the same words.
  const refused = await page.request.post('/api/trpc/billing.checkout', { data: { plan: 'basic' } });
  expect(refused.status()).toBe(412);
  expect(await refused.text()).toContain(BILLING_MSG.paymentsNotConfigured);

  await page.getByRole('button', { name: 'Contact Sales' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Sales' });
  await dialog.getByLabel('Company').fill('Fred & Co');
  await dialog.getByLabel('Message').fill('Forty writers, one newsletter a day.');
  await dialog.getByRole('button', { name: 'Send to sales' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(BILLING_MSG.salesRequestSent, { exact: true })).toBeVisible();

  await page.goto('/upgrade?checkout=canceled');
  await expect(page.getByTestId('checkout-banner')).toHaveText('Checkout canceled. You have not been charged.');
});

test('staff on /billing: summary, the records the server holds (samples marked) and the CSV export', async ({ page }) => {
  await signInThroughUi(page, adminEmail());
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();

  const list = await trpcQuery<{ records: BillingRecord[]; summary: { mrr: number; active: number; canceled: number; pastDue: number } }>(
    page,
    'billing.adminList',
  );
  const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(page.getByTestId('billing-mrr')).toHaveText(usd(list.summary.mrr));
  await expect(page.getByRole('group', { name: 'Monthly Recurring Revenue' })).toContainText('+12% from last month');
  await expect(page.getByTestId('billing-active')).toHaveText(String(list.summary.active));
  await expect(page.getByTestId('billing-canceled')).toHaveText(String(list.summary.canceled));
  await expect(page.getByTestId('billing-past-due')).toHaveText(String(list.summary.pastDue));

  const table = page.getByRole('table', { name: 'Subscriptions' });
  for (const column of ['Name', 'Email', 'Plan', 'Status', 'Amount Paid', 'Billing Cycle', 'Start Date', 'Renew Date', 'Last Payment']) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(list.records.length);
  const samples = list.records.filter((r) => r.sample);
  await expect(table.getByText('Sample', { exact: true })).toHaveCount(samples.length);
  const note = page.getByText('No subscriptions yet: these three rows are the built-in samples.');
  if (samples.length) {
    // A fresh e2e database has no subscriptions: the spec's three samples, each marked.
    expect(samples).toHaveLength(3);
    await expect(note).toBeVisible();
    for (const s of samples) await expect(rows.filter({ hasText: s.email })).toContainText('Sample');
  } else {
    await expect(note).toHaveCount(0);
  }

  // Status badges and filters.
  const first = list.records[0]!;
  const statusText = { active: 'Active', canceled: 'Canceled', past_due: 'Past due' }[first.subscriptionStatus];
  await expect(rows.filter({ hasText: first.email })).toContainText(statusText);
  const needle = first.email.toLowerCase();
  await page.getByLabel('Search').fill(first.email);
  await expect(rows).toHaveCount(list.records.filter((r) => r.email.toLowerCase().includes(needle) || r.name.toLowerCase().includes(needle)).length);
  await page.getByLabel('Search').fill('');
  await page.getByLabel('Status').selectOption('canceled');
  await expect(rows).toHaveCount(list.records.filter((r) => r.subscriptionStatus === 'canceled').length);
  await page.getByLabel('Status').selectOption('all');
  await expect(rows).toHaveCount(list.records.length);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`billing-${today}.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(BILLING_CSV_COLUMNS.join(','));
  expect(lines[0]).toBe('Name,Email,Plan,Status,Amount Paid,Billing Cycle,Start Date,Last Payment');
  expect(lines).toHaveLength(list.records.length + 1);
  for (const r of list.records) expect(csv).toContain(r.email);
});

test('a creator who is not staff opens Billing from the sidebar and sees their own plan; the table of every account stays staff-only', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('billing-user');
  await createAccount(request, 'Uma User', email);
  await signInThroughUi(page, email);
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByTestId('your-plan')).toHaveText('Free');
  await expect(page.getByRole('region', { name: 'Your plan' })).toContainText('One publication, one content channel and the free themes.');
  await expect(page.getByText(MSG.forbidden)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.getByRole('link', { name: 'Change plan' }).click();
  await expect(page).toHaveURL(/\/upgrade$/);

  expect((await page.request.get('/api/trpc/billing.adminList')).status()).toBe(403);
  expect((await page.request.get('/api/admin/billing/export')).status()).toBe(403);
});
