// Onboarding e-mails and product news: an admin edits an onboarding step and sees the server-rendered
// preview follow; a user turns on product news in /settings; the admin sends a product newsletter, which
// reaches that user's outbox with an unsubscribe link; following the link turns the opt-in off.
import { adminEmail, createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { outboxFor } from './fixtures/workflow-helpers';

skipWithoutBrowser();

test('an admin edits an onboarding step and the preview shows the change', async ({ page }) => {
  await signInThroughUi(page, adminEmail());
  await page.goto('/admin/onboarding-emails');
  await expect(page.getByRole('heading', { name: 'Onboarding Emails', level: 1 })).toBeVisible();
  // The default sequence seeded at start-up.
  await page.getByRole('button', { name: /Day 5.*Send your first issue/ }).click();
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.getByText('Ready for your first issue?')).toBeVisible();

  const marker = `Reply to us any time ${Date.now()}`;
  await page.getByLabel('Subject').fill('Your first issue is waiting');
  await page.getByLabel('Body (Markdown)').fill(`## ${marker}\n\n<script>alert(1)</script>Pick three stories.`);
  await expect(preview.getByRole('heading', { name: marker })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
  await expect(page.getByText('Subject: Your first issue is waiting')).toBeVisible();
  await page.getByRole('tab', { name: 'Plain text' }).click();
  await expect(page.getByLabel('Plain-text version')).toContainText('Pick three stories.');
  await expect(page.getByLabel('Plain-text version')).not.toContainText('<script>');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Step saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /Day 5.*Your first issue is waiting/ })).toBeVisible();
});

test('a user opts in to product news, gets the admin’s newsletter, and unsubscribes from its link', async ({ browser, request }) => {
  const email = uniqueEmail('news');
  await createAccount(request, 'Nora News', email);
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await signInThroughUi(user, email);
  await user.goto('/settings');
  await user.getByRole('tab', { name: 'Notifications' }).click();
  const optIn = user.getByRole('switch', { name: 'Product news from Curated' });
  await expect(optIn).toBeEnabled();
  await expect(optIn).not.toBeChecked();
  await optIn.click();
  await expect(user.getByText('Product news turned on', { exact: true })).toBeVisible();
  await user.reload();
  await user.getByRole('tab', { name: 'Notifications' }).click();
  await expect(user.getByRole('switch', { name: 'Product news from Curated' })).toBeChecked();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInThroughUi(admin, adminEmail());
  await admin.goto('/admin/newsletters/new');
  await expect(admin.getByRole('heading', { name: 'New Newsletter', level: 1 })).toBeVisible();
  const subject = `What is new at Curated ${Date.now()}`;
  await admin.getByLabel('Subject').fill(subject);
  await admin.getByLabel('Body (Markdown)').fill('## Two new themes\n\nTry them in the workflow.');
  await expect(admin.frameLocator('iframe[title="Email preview"]').getByRole('heading', { name: 'Two new themes' })).toBeVisible();
  await expect(admin.getByText(/^\d+ users? opted in$/)).toBeVisible();
  const sendButton = admin.getByRole('button', { name: /^Send to \d+ users?$/ });
  const label = (await sendButton.textContent())!.trim();
  await sendButton.click();
  const dialog = admin.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: `${label}?` })).toBeVisible();
  await dialog.getByRole('button', { name: label }).click();
  await expect(admin.getByText('Newsletter is sending', { exact: true })).toBeVisible();

  // The delivery worker sends it; the user's outbox holds it, with their own unsubscribe link.
  await expect.poll(() => outboxFor(email).filter((m) => m.subject === subject).length, { timeout: 15_000 }).toBe(1);
  const html = outboxFor(email).find((m) => m.subject === subject)!.html!;
  expect(html).toContain('Two new themes');
  const link = /href="(http:\/\/[^"]+\/api\/product-news\/unsubscribe\/[^"]+)"/.exec(html)?.[1];
  expect(link, 'an unsubscribe link in the newsletter').toBeTruthy();
  // The list of earlier newsletters shows it sent.
  const row = admin.getByRole('listitem').filter({ hasText: subject });
  await expect(row).toContainText('Sent');

  // Following the link asks first (opening it changes nothing), then unsubscribes.
  await user.goto(link!);
  await expect(user.getByRole('heading', { name: 'Unsubscribe from product news?' })).toBeVisible();
  await user.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(user.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await user.goto('/settings');
  await user.getByRole('tab', { name: 'Notifications' }).click();
  await expect(user.getByRole('switch', { name: 'Product news from Curated' })).not.toBeChecked();
  // The same link again: a clear answer, nothing more to do.
  await user.goto(link!);
  await expect(user.getByRole('heading', { name: 'You were already unsubscribed' })).toBeVisible();

  await userContext.close();
  await adminContext.close();
});
