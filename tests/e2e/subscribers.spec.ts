// Subscribers end to end: a creator imports a CSV (the bad row is reported first, then the valid rows
// are imported), finds a reader by search; a visitor signs up on the public page and confirms with the
// link from the mail, and shows up as active.
import Database from 'better-sqlite3';
import { createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { E2E_DB, trpcMutation } from './fixtures/workflow-helpers';

skipWithoutBrowser();

/** The confirmation link in the newest mail to an address (the outbox of the e2e server). */
function confirmLinkFor(address: string): string {
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select text from outbox where to_address = ? order by created_at desc').get(address) as { text: string } | undefined;
    expect(row, `a confirmation mail to ${address}`).toBeTruthy();
    const link = /https?:\/\/\S+\/confirm\?token=[\w-]+/.exec(row!.text)?.[0];
    expect(link).toBeTruthy();
    return link!;
  } finally {
    db.close();
  }
}

test('a creator imports readers from a CSV, and a visitor signs up on the public page and confirms', async ({ page, request, browser }) => {
  const email = uniqueEmail('creator');
  const tag = email.split('@')[0];
  await createAccount(request, 'Cleo Creator', email);
  await signInThroughUi(page, email);
  await trpcMutation(page, 'publications.create', { name: `Tide Tables ${tag}` });

  await page.goto('/publications');
  await page.getByRole('link', { name: 'Subscribers' }).click();
  await expect(page.getByRole('heading', { name: `Subscribers of Tide Tables ${tag}` })).toBeVisible();
  await expect(page.getByText('No subscribers yet')).toBeVisible();

  const readers = [`mara-${tag}@example.com`, `otto-${tag}@example.com`];
  await page.getByLabel('Import a CSV file').setInputFiles({
    name: 'readers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Full Name,E-mail\nMara Quill,${readers[0]}\nBroken,mara-at-example\nOtto Lind,${readers[1]}\n`),
  });
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('1 invalid rows');
  await expect(report).toContainText('Line 3: mara-at-example — Not a valid e-mail address');
  await expect(page.getByText('No subscribers yet')).toBeVisible();
  await page.getByRole('button', { name: 'Import the 2 valid rows, skip the bad ones' }).click();
  await expect(page.getByText(readers[0], { exact: true })).toBeVisible();
  await expect(page.getByText(readers[1], { exact: true })).toBeVisible();
  await expect(page.getByText('active 2', { exact: true })).toBeVisible();

  await page.getByLabel('Search subscribers').fill('quill');
  await expect(page.getByText(readers[1], { exact: true })).toHaveCount(0);
  await expect(page.getByText(readers[0], { exact: true })).toBeVisible();
  await page.getByLabel('Search subscribers').fill('');

  // A visitor (no session) signs up on the page the creator shares.
  const signupUrl = await page.getByRole('textbox', { name: 'Signup page address' }).inputValue();
  expect(signupUrl).toMatch(/\/p\/tide-tables-[a-z0-9-]+$/);
  const visitor = await browser.newPage();
  await visitor.goto(signupUrl);
  await expect(visitor.getByRole('heading', { name: `Tide Tables ${tag}` })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Past issues' })).toBeVisible();
  const reader = `vera-${tag}@example.com`;
  await visitor.getByLabel('Email').fill(reader);
  await visitor.getByLabel('First name (optional)').fill('Vera');
  await visitor.getByRole('button', { name: 'Subscribe' }).click();
  await expect(visitor.getByRole('status')).toHaveText('Check your inbox to confirm your subscription.');

  await page.reload();
  await expect(page.getByText('pending 1', { exact: true })).toBeVisible();

  await visitor.goto(confirmLinkFor(reader));
  await expect(visitor.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Already subscribed' })).toBeVisible();
  await visitor.close();

  await page.reload();
  await page.getByLabel('Filter by status').selectOption('active');
  const row = page.getByRole('row').filter({ hasText: reader });
  await expect(row).toContainText('Vera');
  await expect(row).toContainText('signup');
  await expect(page.getByText('active 3', { exact: true })).toBeVisible();
  await expect(page.getByText('pending 0', { exact: true })).toBeVisible();
});
