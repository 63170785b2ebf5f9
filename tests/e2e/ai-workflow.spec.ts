// The AI in the workflow: in step 4 'pick the best' selects articles from a real (loopback) feed and
// says why for each, an article's AI summary shows the sentences it quotes and replaces the feed's;
// in step 5 the intro is written from the chosen articles with its sources linked. On Free the same
// tools work in three issues a month (with how many are left), then the upgrade notice.
import { expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { createUserWithPlan, getPublication, GREEN_LEDGER, trpcMutation, trpcQuery } from './fixtures/workflow-helpers';

skipWithoutBrowser();

const BATTERIES = 'Why grid batteries keep getting cheaper';

test('step 4 picks the best articles with reasons; an AI summary replaces the feed’s; step 5 writes a cited intro', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('ai-pro');
  createUserWithPlan(email, 'Ada Pro', 'professional');
  await signInThroughUi(page, email);
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Grid Notes' });
  const channel = GREEN_LEDGER;
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 4,
    workflowData: { newsletterName: 'Grid Notes', selectedTheme: 'newsprint', selectedChannels: [channel] },
  });
  await page.goto(`/workflow?publicationId=${pub.id}`);
  await expect(page.getByRole('heading', { name: 'Choose Articles' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Articles' }).getByRole('checkbox')).toHaveCount(8);

  await page.getByLabel('Topic for AI picks').fill('batteries');
  await page.getByLabel('How many').selectOption('3');
  await page.getByRole('button', { name: 'Pick the best 3 for me' }).click();
  await expect(page.getByText('Picked 3 articles', { exact: true })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Articles' });
  await expect(cards.getByRole('checkbox', { checked: true })).toHaveCount(3);
  const battery = cards.getByRole('listitem').filter({ hasText: BATTERIES });
  await expect(battery.getByRole('checkbox')).toBeChecked();
  await expect(battery.getByText(/^Why:/)).toBeVisible();
  await expect(battery).toContainText('Matches your topic: batteries');
  await expect.poll(async () => (await getPublication(page, pub.id)).workflowData.selectedArticles.map((a) => a.title)).toContain(BATTERIES);

  // The AI summary quotes the article and, once used, replaces the feed's summary in the issue.
  await battery.getByRole('button', { name: `AI summary of ${BATTERIES}` }).click();
  const dialog = page.getByRole('dialog', { name: 'AI summary' });
  const sentences = dialog.getByRole('list', { name: 'Summary sentences' }).getByRole('listitem');
  await expect(sentences.first()).toContainText('Cell prices fell again this year');
  await expect(dialog).toContainText('Built-in engine');
  await dialog.getByText('Show where in the article').click();
  await expect(dialog.locator('mark').first()).toContainText('Cell prices fell again this year');
  await dialog.getByRole('button', { name: 'Use this summary' }).click();
  await expect(page.getByText('Summary replaced', { exact: true })).toBeVisible();
  await expect.poll(async () => (await getPublication(page, pub.id)).workflowData.selectedArticles.find((a) => a.title === BATTERIES)?.aiEnhanced).toBe(true);

  // Step 5: the intro is written from the chosen articles; each number links to its article.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Preview & Send' })).toBeVisible();
  await page.getByRole('button', { name: 'Write intro with AI' }).click();
  await expect(page.getByLabel('Intro', { exact: true })).toHaveValue(/^In this issue of Grid Notes: “/);
  const sourceLink = page.getByRole('link', { name: new RegExp(`^Source \\d+: ${BATTERIES}$`) }).first();
  await expect(sourceLink).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/green\/articles\/\d+$/);
  await expect.poll(async () => (await getPublication(page, pub.id)).workflowData.intro).toMatch(/^In this issue of Grid Notes/);
  // The preview carries the intro without its numbers.
  const frame = page.frameLocator('iframe').first();
  await expect(frame.getByText(/^In this issue of Grid Notes: “/)).toBeVisible();

  await page.getByRole('button', { name: 'Suggest subject lines' }).click();
  const suggestions = page.getByRole('list', { name: 'Suggested subject lines' }).getByRole('button');
  await expect(suggestions).toHaveCount(3);
  const first = (await suggestions.first().locator('span').first().textContent())!;
  await suggestions.first().click();
  await expect(page.getByLabel('Subject line', { exact: true })).toHaveValue(first);
  await expect.poll(async () => (await getPublication(page, pub.id)).workflowData.subject).toBe(first);
});

test('on Free, AI picks with their reasons and summaries work in three issues a month, then the upgrade notice says when they renew', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('ai-free');
  createUserWithPlan(email, 'Fay Free', 'free');
  await signInThroughUi(page, email);
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Grid Notes' });
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 4,
    workflowData: { newsletterName: 'Grid Notes', selectedTheme: 'market-watch', selectedChannels: [GREEN_LEDGER] },
  });
  await page.goto(`/workflow?publicationId=${pub.id}`);
  await expect(page.getByRole('heading', { name: 'Choose Articles' })).toBeVisible();
  const taste = page.getByTestId('ai-taste');
  await expect(taste).toContainText('3 of 3 AI issues left this month');

  await page.getByLabel('Topic for AI picks').fill('batteries');
  await page.getByLabel('How many').selectOption('3');
  await page.getByRole('button', { name: 'Pick the best 3 for me' }).click();
  await expect(page.getByText('Picked 3 articles', { exact: true })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Articles' });
  const battery = cards.getByRole('listitem').filter({ hasText: BATTERIES });
  await expect(battery).toContainText('Matches your topic: batteries');
  // Every pick says why it was chosen, never what it lacks.
  await expect(cards.getByText(/^Why:/)).toHaveCount(3);
  await expect(cards).not.toContainText('Does not mention');
  await expect(taste).toContainText('This issue has AI picks and summaries on your Free plan. 2 of 3 AI issues left this month');

  // A summary in the same issue is free: the count stays.
  await battery.getByRole('button', { name: `AI summary of ${BATTERIES}` }).click();
  const dialog = page.getByRole('dialog', { name: 'AI summary' });
  await expect(dialog.getByRole('list', { name: 'Summary sentences' }).getByRole('listitem').first()).toContainText('Cell prices fell again this year');
  await expect(dialog.getByRole('link', { name: /^Source: / })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(taste).toContainText('2 of 3 AI issues left this month');

  // Two more issues use the month's taste; the next one gets the upgrade notice.
  const articles = (await trpcQuery<{ workflowData: { selectedArticles: unknown[] } }>(page, 'publications.get', { id: pub.id })).workflowData.selectedArticles;
  for (let i = 0; i < 3; i++) {
    await trpcMutation(page, 'wizard.saveProgress', { publicationId: pub.id, currentStep: 4, workflowData: {}, newIssue: true });
    if (i < 2) await trpcMutation(page, 'ai.pick', { publicationId: pub.id, count: 1, articles });
  }
  await page.reload();
  await expect(taste).toContainText('You have used AI picks and summaries in all 3 issues your Free plan includes this month.');
  await expect(taste).toContainText('0 of 3 AI issues left this month');
  await expect(taste.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute('href', '/upgrade');
  await expect(page.getByRole('button', { name: /^Pick the best/ })).toHaveCount(0);
  await expect(cards.getByRole('button', { name: /^AI summary of / })).toHaveCount(0);
});
