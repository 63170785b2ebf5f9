// A subject test end to end: a Business creator sends an issue to four readers with two subject lines
// on half the list; each test reader's mail (read from the e2e outbox) carries their subject; the
// reader of subject B opens it (the pixel loads); the creator sends the winner before the wait ends;
// the other readers get subject B, and /analytics shows each subject's group with B as the winner,
// said to be within noise on groups this small.
import { expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { EXAMPLE_ARTICLE, EXAMPLE_CHANNEL, createUserWithPlan, outboxFor, trpcMutation } from './fixtures/workflow-helpers';

skipWithoutBrowser();

const A = 'Harbour notes: the quay reopens';
const B = 'Boats are back after the storm';

test('a Business user runs a subject test and sees the winner on /analytics', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('tester');
  createUserWithPlan(email, 'Tess Tester', 'business');
  await signInThroughUi(page, email);

  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Harbour Notes' });
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 5,
    workflowData: { newsletterName: 'Harbour Notes', selectedTheme: 'market-watch', selectedChannels: [EXAMPLE_CHANNEL], selectedArticles: [EXAMPLE_ARTICLE] },
  });
  const readers = ['r1', 'r2', 'r3', 'r4'].map((r) => uniqueEmail(r));
  for (const r of readers) await trpcMutation(page, 'subscribers.add', { publicationId: pub.id, email: r, name: '' });

  await page.goto(`/workflow?publicationId=${pub.id}`);
  await expect(page.getByText('4 active subscribers')).toBeVisible();
  await page.getByRole('button', { name: 'Send to subscribers' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('switch', { name: 'Test subject lines' }).click();
  await dialog.getByLabel('Subject A').fill(A);
  await dialog.getByLabel('Subject B').fill(A.toUpperCase());
  await expect(dialog.getByText('Each subject line in a test must be different.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send to 4' })).toBeDisabled();
  await dialog.getByLabel('Subject B').fill(B);
  await dialog.getByLabel('Test on').selectOption('50');
  await dialog.getByLabel('Then wait').selectOption('24');
  await expect(dialog.getByText('2 readers per subject now; the winner goes to the other 0.', { exact: false })).toBeHidden();
  await expect(dialog.getByText('1 reader per subject now; the winner goes to the other 2.', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send to 4' }).click();

  const status = page.getByTestId('subject-test-status');
  await expect(status).toContainText('Waiting for readers', { timeout: 15_000 });

  // One reader got each subject; two wait for the winner.
  const got = readers.map((r) => outboxFor(r));
  expect(got.filter((m) => m.length === 1 && m[0]!.subject === A)).toHaveLength(1);
  expect(got.filter((m) => m.length === 1 && m[0]!.subject === B)).toHaveLength(1);
  expect(got.filter((m) => m.length === 0)).toHaveLength(2);

  // The reader of subject B opens the mail in a browser.
  const mailB = got.find((m) => m[0]?.subject === B)![0]!;
  const pixel = /src="([^"]+\/t\/o\/[^"]+\.gif)"/.exec(mailB.html ?? '')?.[1];
  expect(pixel).toBeTruthy();
  await page.request.get(pixel!, { headers: { 'user-agent': await page.evaluate(() => navigator.userAgent) } });

  await status.getByRole('button', { name: 'Send the winner now' }).click();
  await expect(status).toContainText(`Winner: subject B, “${B}”`, { timeout: 15_000 });
  await expect(page.getByTestId('send-progress')).toContainText('Sent', { timeout: 15_000 });
  for (const r of readers) {
    const mails = outboxFor(r);
    expect(mails, `${r} gets one message`).toHaveLength(1);
  }
  expect(readers.flatMap((r) => outboxFor(r)).filter((m) => m.subject === B)).toHaveLength(3);

  await page.goto('/analytics');
  const results = page.getByTestId('subject-test-results');
  await expect(results).toBeVisible();
  const rowB = results.getByRole('row').filter({ hasText: B });
  await expect(rowB).toContainText('Winner');
  await expect(rowB.getByRole('cell').nth(1)).toHaveText('1');
  await expect(results.getByRole('row').filter({ hasText: A })).not.toContainText('Winner');
  await expect(page.getByTestId('subject-test-verdict')).toContainText(
    'Subject B won by human-likely opens, chosen before the wait ended, but the difference is within noise',
  );
  if (process.env.ANALYTICS_SHOTS) {
    await results.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.ANALYTICS_SHOTS}/analytics-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await results.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.ANALYTICS_SHOTS}/analytics-390.png`, fullPage: true });
  }
});
