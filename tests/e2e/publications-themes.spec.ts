// The theme picker as a free user meets it after opening a publication: the two free themes usable, the
// rest dimmed with 'Upgrade Required' and an 'Upgrade to Use' button opening the upgrade dialog; a pick
// shows 'Selected' when the user comes back to the step. All by keyboard.
import { MSG } from '../../src/shared/messages';
import { THEMES } from '../../src/shared/themes';
import { createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';

skipWithoutBrowser();

test('a free user picks a free theme and meets locked ones', async ({ page, request }) => {
  const email = uniqueEmail('themes');
  await createAccount(request, 'Theo Themes', email);
  await signInThroughUi(page, email);
  await page.goto('/publications');
  await page.getByRole('textbox', { name: 'Newsletter name' }).fill('Theme Trial');
  await page.getByRole('button', { name: 'Create publication' }).click();
  await expect(page).toHaveURL(/\/workflow\?publicationId=/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Newsletter Theme' })).toBeVisible();

  const grid = page.getByRole('list', { name: 'Newsletter themes' });
  await expect(grid.getByRole('article')).toHaveCount(THEMES.length);
  await expect(page.getByText(`2 of ${THEMES.length} themes available on your plan.`)).toBeVisible();
  // The default theme leads the grid: light, neutral, free on every plan.
  await expect(grid.getByRole('article').first()).toHaveAccessibleName('Morning Brief');

  const free = grid.getByRole('article', { name: 'Market Watch' });
  await expect(free.getByText('Free', { exact: true })).toBeVisible();
  await expect(free.getByRole('img', { name: /^Colours #/ })).toBeVisible();
  await expect(free.getByText('Courier New · Arial')).toBeVisible();
  await expect(free.getByRole('button', { name: 'Use This Theme' })).toBeEnabled();

  const locked = grid.getByRole('article', { name: 'Newsprint' });
  await expect(locked.getByText(MSG.upgradeRequired)).toBeVisible();
  await expect(locked.getByText('Pro', { exact: true })).toBeVisible();
  await expect(locked.getByRole('button', { name: 'Use This Theme' })).toHaveCount(0);
  await locked.getByRole('button', { name: 'Upgrade to Use' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: MSG.upgradeDialogTitle });
  await expect(dialog).toBeVisible();
  // What is not built yet is sold as coming, not as included.
  const business = dialog.getByRole('region', { name: 'Business' });
  await expect(business.getByRole('listitem').filter({ hasText: 'API access' })).not.toContainText(MSG.comingSoon);
  await expect(dialog.getByRole('region', { name: 'Enterprise' }).getByRole('listitem').filter({ hasText: 'Custom API access' })).not.toContainText(
    MSG.comingSoon,
  );
  await expect(business.getByRole('listitem').filter({ hasText: 'A/B testing' })).not.toContainText(MSG.comingSoon);
  await expect(business.getByRole('listitem').filter({ hasText: 'Everything in Professional' })).not.toContainText(MSG.comingSoon);
  await dialog.getByRole('button', { name: MSG.maybeLater }).click();
  await expect(dialog).toBeHidden();

  await free.getByRole('button', { name: 'Use This Theme' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Select Content Channels' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  const picked = page.getByRole('list', { name: 'Newsletter themes' }).getByRole('article', { name: 'Market Watch' });
  await expect(picked.getByRole('button', { name: 'Selected' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article', { name: 'Morning Brief' }).getByRole('button', { name: 'Use This Theme' })).toHaveAttribute('aria-pressed', 'false');
});
