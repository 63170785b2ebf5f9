// Dashboard cards (integrations, subscription) and the plan-upgrade dialog's exact strings, for a free
// user and for the admin (whose plan counts as Enterprise).
import { MSG } from '../../src/shared/messages';
import { SALES_EMAIL } from '../../src/shared/plans';
import { PLAN_OFFERS } from '../../src/shared/plan-offers';
import { adminEmail, createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';

skipWithoutBrowser();

test('a free user sees honest integrations, the Free plan and the upgrade dialog', async ({ page, request }) => {
  const email = uniqueEmail('dash');
  await createAccount(request, 'Dana Dash', email);
  await signInThroughUi(page, email);

  const platforms = page.getByRole('list', { name: 'Email platforms' });
  for (const name of ['Brevo', 'Mailchimp', 'MailerLite', 'Substack']) {
    await expect(platforms.getByRole('listitem').filter({ hasText: name })).toContainText('Disconnected');
  }
  await expect(page.getByText(/Connect Brevo, Mailchimp, MailerLite or beehiiv with an API key/)).toBeVisible();

  await expect(page.getByText('Current plan:')).toContainText('Free');
  await page.getByRole('button', { name: 'Upgrade plan' }).click();

  const dialog = page.getByRole('dialog', { name: MSG.upgradeDialogTitle });
  await expect(dialog).toBeVisible();
  for (const offer of PLAN_OFFERS) {
    const card = dialog.getByRole('region', { name: offer.name });
    await expect(card).toContainText(offer.priceLabel);
    await expect(card.getByRole('button', { name: MSG.upgradeTo(offer.name) })).toBeEnabled();
  }
  await expect(dialog.getByRole('region', { name: 'Professional' }).getByText(MSG.mostPopular)).toBeVisible();
  await expect(dialog.getByText(MSG.mostPopular)).toHaveCount(1);
  await expect(dialog.getByText(MSG.currentPlan)).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: MSG.contactSales })).toHaveAttribute('href', `mailto:${SALES_EMAIL}`);

  await dialog.getByRole('button', { name: MSG.maybeLater }).click();
  await expect(dialog).toBeHidden();

  // Escape closes it too, and 'Upgrade to Professional' goes to /upgrade.
  await page.getByRole('button', { name: 'Upgrade plan' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Upgrade plan' }).click();
  await dialog.getByRole('button', { name: MSG.upgradeTo('Professional') }).click();
  await expect(page).toHaveURL(/\/upgrade\?plan=professional$/);
});

test('the admin counts as Enterprise: Current Plan badge and a disabled button there', async ({ page }) => {
  await signInThroughUi(page, adminEmail());
  await expect(page.getByText('Current plan:')).toContainText('Enterprise');
  await page.getByRole('button', { name: 'Compare plans' }).click();
  const dialog = page.getByRole('dialog', { name: MSG.upgradeDialogTitle });
  const enterprise = dialog.getByRole('region', { name: 'Enterprise' });
  await expect(enterprise.getByText(MSG.currentPlan, { exact: true }).first()).toBeVisible();
  await expect(enterprise.getByRole('button', { name: MSG.currentPlan })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: MSG.upgradeTo('Basic') })).toHaveCount(0);
});
