// Step 5's sending for a user whose address is not verified yet: a test to their own address works at
// once; sending to other people is locked with the spec's message until they prove the address with a
// 6-digit code (read here from the outbox of the e2e database), after which the form unlocks and sends.
import { MSG } from '../../src/shared/messages';
import { createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { EXAMPLE_ARTICLE, EXAMPLE_CHANNEL, latestCodeFor, outboxFor, trpcMutation, trpcQuery } from './fixtures/workflow-helpers';

skipWithoutBrowser();

test('an unverified user proves the address inline, then sends to other people', async ({ page, request }) => {
  const email = uniqueEmail('verify-send');
  await createAccount(request, 'Vera Verify', email);
  await signInThroughUi(page, email);
  expect((await trpcQuery<{ emailVerified: boolean }>(page, 'user.get')).emailVerified).toBe(false);
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Harbour News' });
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 5,
    workflowData: { newsletterName: 'Harbour News', selectedTheme: 'market-watch', selectedChannels: [EXAMPLE_CHANNEL], selectedArticles: [EXAMPLE_ARTICLE] },
  });
  await page.goto(`/workflow?publicationId=${pub.id}`);
  await expect(page.getByRole('heading', { name: 'Preview & Send' })).toBeVisible();

  // Locked for other people, with the reason; a test to oneself still goes.
  await expect(page.getByText(MSG.verifyEmailToSend, { exact: true })).toBeVisible();
  const addresses = page.getByLabel('Recipient addresses');
  await expect(addresses).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send to addresses' })).toBeDisabled();
  const sendTest = page.getByRole('button', { name: 'Send test to me' });
  await expect(sendTest).toBeEnabled();
  await sendTest.click();
  await expect(page.getByText(`Newsletter sent to ${email}`, { exact: true })).toBeVisible();

  // A code goes to the user's own address.
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('status').filter({ hasText: MSG.codeSent })).toBeVisible();
  const code = latestCodeFor(email);

  // The field keeps digits only, at most six; a short code is refused before any request, a wrong one by the server.
  const field = page.getByLabel('6-digit code');
  await field.fill('12a-3');
  await expect(field).toHaveValue('123');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText(MSG.codeFormat, { exact: true })).toBeVisible();
  const wrong = code === '000000' ? '111111' : '000000';
  // Six digits are checked as soon as they are in the field (typed or pasted), without pressing Verify.
  await field.fill(`${wrong}99`);
  await expect(field).toHaveValue(wrong);
  await expect(page.getByText(MSG.codeInvalid, { exact: true })).toBeVisible();
  await expect(addresses).toBeDisabled();

  await field.fill(code);
  await expect(addresses).toBeEnabled();
  // The toast saying so rises above the send bar: it never covers "Send to subscribers".
  const toast = page.getByRole('region', { name: /Notifications/ }).getByText('E-mail address verified');
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  const barBox = (await page.getByTestId('send-bar').boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
  await expect(page.getByText(MSG.verifyEmailToSend, { exact: true })).toHaveCount(0);
  expect((await trpcQuery<{ emailVerified: boolean }>(page, 'user.get')).emailVerified).toBe(true);

  // Unlocked: the typed list goes out.
  const [a, b] = [uniqueEmail('reader-a'), uniqueEmail('reader-b')];
  await addresses.fill(`${a}, ${b}`);
  await page.getByRole('button', { name: 'Send to addresses' }).click();
  await expect(page.getByText('Newsletter sent to 2 addresses', { exact: true })).toBeVisible();
  expect(outboxFor(a)).toHaveLength(1);
  expect(outboxFor(b)).toHaveLength(1);

  // The renewed session keeps the user signed in and verified after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Preview & Send' })).toBeVisible();
  await expect(page.getByLabel('Recipient addresses')).toBeEnabled();
});
