// Publications: create (a double click makes one), open into the workflow with the stored entry,
// rename, the free plan's publication limit with the upgrade dialog, delete with confirmation, and the
// dashboard's recent publications table.
import { MSG } from '../../src/shared/messages';
import { createAccount, expect, isRed, signInThroughUi, skipWithoutBrowser, test, textRgb, uniqueEmail } from './support';

skipWithoutBrowser();

test('a new user creates, opens, renames and deletes a publication', async ({ page, request }) => {
  const email = uniqueEmail('pubs');
  await createAccount(request, 'Petra Pub', email);
  await signInThroughUi(page, email);

  // The dashboard starts empty and leads to /publications.
  const recent = page.getByRole('region', { name: 'Recent Publications' });
  await expect(recent.getByText(MSG.noPublications, { exact: true })).toBeVisible();
  await recent.getByRole('link', { name: 'Create a publication' }).click();
  await expect(page).toHaveURL(/\/publications$/);
  await expect(page.getByRole('heading', { name: 'Publications', level: 1 })).toBeVisible();
  await expect(page.getByText(MSG.noPublications, { exact: true })).toBeVisible();

  // A blank name is refused on the client.
  await page.getByRole('button', { name: 'Create publication' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a newsletter name' })).toBeVisible();

  // A double click creates one publication (the free plan allows one, so a second would be refused).
  await page.getByRole('textbox', { name: 'Newsletter name' }).fill('The Friday Digest');
  await page.getByRole('button', { name: 'Create publication' }).dblclick();
  await expect(page).toHaveURL(/\/workflow\?publicationId=[A-Za-z0-9_-]+/);
  const id = new URL(page.url()).searchParams.get('publicationId');
  const stored = await page.evaluate(() => sessionStorage.getItem('selectedPublication'));
  expect(JSON.parse(stored ?? 'null')).toMatchObject({ id, name: 'The Friday Digest' });
  const listed = await page.request.get('/api/trpc/publications.list');
  expect(((await listed.json()) as { result: { data: unknown[] } }).result.data).toHaveLength(1);

  // Back on the list: status, step and last save.
  await page.goto('/publications');
  const row = page.getByRole('article', { name: 'The Friday Digest' });
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  await expect(row.getByText(/Step 1 of 5 · Name · Last saved/)).toBeVisible();

  // Rename through the dialog; the blank name is refused there too.
  await row.getByRole('button', { name: 'Rename' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename publication' });
  await renameDialog.getByLabel('Publication name').fill('   ');
  await renameDialog.getByRole('button', { name: 'Save name' }).click();
  await expect(renameDialog.getByText('Please enter a newsletter name')).toBeVisible();
  await renameDialog.getByLabel('Publication name').fill('Weekend Reads');
  await renameDialog.getByRole('button', { name: 'Save name' }).click();
  await expect(renameDialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Weekend Reads' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'The Friday Digest' })).toHaveCount(0);

  // The free plan holds one publication: a second is refused with the upgrade dialog.
  await page.getByRole('textbox', { name: 'Newsletter name' }).fill('A second one');
  await page.getByRole('button', { name: 'Create publication' }).click();
  await expect(page.getByText('Upgrade your plan to create more than 1 publication(s).', { exact: true })).toBeVisible();
  const upgrade = page.getByRole('dialog', { name: MSG.upgradeDialogTitle });
  await expect(upgrade).toBeVisible();
  await upgrade.getByRole('button', { name: MSG.maybeLater }).click();
  await expect(upgrade).toBeHidden();

  // Open goes to the workflow with the stored entry.
  await page.getByRole('article', { name: 'Weekend Reads' }).getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/workflow\\?publicationId=${id}`));
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('selectedPublication'))) ?? 'null')).toMatchObject({ id, name: 'Weekend Reads' });

  // The dashboard lists it; its title opens it.
  await page.goto('/dashboard');
  const recentRow = page.getByRole('table', { name: 'Recent publications' }).getByRole('row', { name: /Weekend Reads/ });
  await expect(recentRow.getByText('Draft')).toBeVisible();
  await recentRow.getByRole('link', { name: 'Weekend Reads' }).click();
  await expect(page).toHaveURL(new RegExp(`/workflow\\?publicationId=${id}`));

  // Delete asks first; Cancel keeps it, Delete removes it and the stored entry.
  await page.goto('/publications');
  const del = page.getByRole('article', { name: 'Weekend Reads' }).getByRole('button', { name: 'Delete' });
  expect(isRed(await textRgb(del)), `Delete colour ${await textRgb(del)}`).toBe(true);
  await del.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete publication?' });
  await expect(confirm).toContainText('“Weekend Reads”');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('article', { name: 'Weekend Reads' })).toBeVisible();
  await page.getByRole('article', { name: 'Weekend Reads' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete publication?' }).getByRole('button', { name: 'Delete publication' }).click();
  await expect(page.getByText(MSG.noPublications, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('selectedPublication'))).toBeNull();
});

test('keyboard only: create a publication with Enter', async ({ page, request }) => {
  const email = uniqueEmail('pubs-kbd');
  await createAccount(request, 'Kim Keys', email);
  await signInThroughUi(page, email);
  await page.goto('/publications');
  await page.getByRole('textbox', { name: 'Newsletter name' }).focus();
  await page.keyboard.type('Keyboard Weekly');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/workflow\?publicationId=/);
});
