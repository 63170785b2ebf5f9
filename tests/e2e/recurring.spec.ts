// Recurring issues end to end: a Professional creator sets up a weekly digest on the fixture feed, runs
// it now, approves it from the mailed link, and the issue reaches the subscriber.
import { expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { createUserWithPlan, outboxFor, trpcMutation } from './fixtures/workflow-helpers';
import { FIXTURE_ORIGIN } from './fixtures/feed-server';

skipWithoutBrowser();

/** The link of the newest approval mail to an address, read from the outbox like every mail of the e2e run. */
function approveLinkFor(address: string): string | null {
  const mail = outboxFor(address)
    .filter((m) => m.subject.startsWith('Approve your issue:'))
    .at(-1);
  return mail?.html ? (/href="(http[^"]+\/recurring\/approve\?token=[^"]+)"/.exec(mail.html)?.[1] ?? null) : null;
}

test('a weekly digest on fixture feeds: set up, run now, approve from the mail, sent to the reader', async ({ page }) => {
  const email = uniqueEmail('digest');
  createUserWithPlan(email, 'Dana Digest', 'professional');
  await signInThroughUi(page, email);
  const channel = {
    id: 'green-ledger',
    name: 'Green Ledger Daily',
    url: `${FIXTURE_ORIGIN}/feed.xml`,
    siteUrl: FIXTURE_ORIGIN,
    description: 'Fixture',
    quality: 'high',
    frequency: 'Daily',
    niche: 'sustainability',
    source: 'fixture',
  };
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Weekly Ledger' });
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 3,
    workflowData: { selectedTheme: 'market-watch', selectedChannels: [channel] },
  });
  const reader = `reader-${email}`;
  await trpcMutation(page, 'subscribers.add', { publicationId: pub.id, email: reader, name: 'Rae' });

  await page.goto('/publications');
  await page.getByRole('link', { name: 'Recurring' }).click();
  await expect(page.getByRole('heading', { name: 'Recurring issue' })).toBeVisible();
  await page.getByLabel('Time zone').selectOption('Europe/Berlin');
  await page.getByLabel('Stories per issue').fill('3');
  await page.getByLabel('Skip when fewer new stories than').fill('1');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByTestId('next-run')).toContainText('Monday');

  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByTestId('recurring-run').first()).toContainText('Awaiting approval', { timeout: 20_000 });

  const link = approveLinkFor(email);
  expect(link, 'the approval mail').toBeTruthy();
  await page.goto(link!);
  await page.getByRole('button', { name: 'Approve and send' }).click();
  await expect(page.getByTestId('approval-result')).toContainText('Approved: the issue is on its way to your subscribers.');
  await expect.poll(() => outboxFor(reader).length, { timeout: 20_000 }).toBe(1);
});
