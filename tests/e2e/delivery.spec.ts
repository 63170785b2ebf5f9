// Delivery end to end: a creator imports subscribers from a CSV (a bad row is reported first), sends an
// issue from step 5 and watches it go out, and a reader leaves with the unsubscribe link from the mail.
import Database from 'better-sqlite3';
import { createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { EXAMPLE_ARTICLE, EXAMPLE_CHANNEL, E2E_DB, trpcMutation, verifyAddressInSendPanel } from './fixtures/workflow-helpers';

skipWithoutBrowser();

function unsubscribeUrlFor(address: string): string {
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select headers from outbox where to_address = ? order by created_at desc').get(address) as { headers: string } | undefined;
    expect(row, `a newsletter mailed to ${address}`).toBeTruthy();
    return /<(http[^>]+)>/.exec(JSON.parse(row!.headers)['List-Unsubscribe'])![1];
  } finally {
    db.close();
  }
}

test('import subscribers, send an issue, watch it go out, and a reader unsubscribes with one click', async ({ page, request }) => {
  const email = uniqueEmail('sender');
  const tag = email.split('@')[0];
  await createAccount(request, 'Sam Sender', email);
  await signInThroughUi(page, email);
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Harbour Letters' });
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 5,
    workflowData: {
      newsletterName: 'Harbour Letters',
      selectedTheme: 'market-watch',
      selectedChannels: [EXAMPLE_CHANNEL],
      selectedArticles: [EXAMPLE_ARTICLE],
    },
  });

  // Import: the check reports the bad row and writes nothing until the creator chooses.
  await page.goto('/publications');
  await page.getByRole('link', { name: 'Subscribers' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribers' })).toBeVisible();
  const readers = [`ada-${tag}@example.com`, `ben-${tag}@example.com`];
  await page.getByLabel('Import a CSV file').setInputFiles({
    name: 'readers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email,name\n${readers[0]},Ada Lovelace\nnot-an-address,Broken\n${readers[1]},Ben\n`),
  });
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('1 invalid rows');
  await expect(report).toContainText('Line 3: not-an-address');
  await expect(page.getByText('No subscribers yet')).toBeVisible();
  await page.getByRole('button', { name: 'Import the 2 valid rows, skip the bad ones' }).click();
  await expect(page.getByText(readers[0], { exact: true })).toBeVisible();
  await expect(page.getByText(readers[1], { exact: true })).toBeVisible();
  await page.getByLabel('Search subscribers').fill('lovelace');
  await expect(page.getByText(readers[1], { exact: true })).toHaveCount(0);
  await expect(page.getByText(readers[0], { exact: true })).toBeVisible();

  // Send from step 5 (after proving the sender's address) and watch the progress.
  await page.goto(`/workflow?publicationId=${pub.id}`);
  await expect(page.getByRole('heading', { name: 'Preview & Send' })).toBeVisible();
  await verifyAddressInSendPanel(page, email);
  await expect(page.getByText('2 active subscribers')).toBeVisible();
  await page.getByRole('button', { name: 'Send to subscribers' }).click();
  await page.getByRole('button', { name: 'Send to 2' }).click();
  const progress = page.getByTestId('send-progress');
  await expect(progress).toContainText('Sent', { timeout: 15_000 });
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(progress.locator('dd').first()).toHaveText('2');

  // The reader opens the link from the mail: nothing changes until they press the button.
  await page.goto(unsubscribeUrlFor(readers[1]));
  await expect(page.getByRole('heading', { name: 'Unsubscribe from Harbour Letters?' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();

  await page.goto(`/subscribers?publicationId=${pub.id}`);
  await expect(page.getByText('unsubscribed 1')).toBeVisible();
  await expect(page.getByText('active 1', { exact: true })).toBeVisible();
});
