// The newsletter workflow end to end, as a new free user against fixture feeds served on loopback:
// publication -> five steps (search, add by address, channel limit, date filter, every preview option)
// -> save, PDF export, test send (checked in the outbox) -> reload resumes where the user was.
import fs from 'node:fs';
import { MSG } from '../../src/shared/messages';
import { expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { FIXTURE_ORIGIN } from './fixtures/feed-server';
import {
  createUserWithPlan,
  getPublication,
  localInput,
  outboxFor,
  publicationIdFrom,
  signUpThroughUi,
  trpcMutation,
  trpcQuery,
  verifyAddressInSendPanel,
} from './fixtures/workflow-helpers';

skipWithoutBrowser();

const FIRST = 'Solar farms now outproduce coal in three states';
const SECOND = 'A practical guide to home heat pumps';

test('a new user builds, saves, exports and sends a newsletter, then resumes after a reload', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('workflow');
  await signUpThroughUi(page, 'Wren Workflow', email);

  // Publications: create one; it opens in the workflow with its id in the address and in session storage.
  await page.goto('/publications');
  await page.getByLabel('Newsletter name').fill('Green Weekly');
  await page.getByRole('button', { name: 'Create publication' }).click();
  await expect(page).toHaveURL(/\/workflow\?publicationId=/);
  const id = publicationIdFrom(page);
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('selectedPublication'))) ?? '{}').id).toBe(id);

  // Step 1: Continue is disabled while the name is blank; the name autosaves after a pause.
  await expect(page.getByRole('heading', { name: 'Name Your Newsletter' })).toBeVisible();
  const name = page.getByLabel('Newsletter name');
  await expect(name).toHaveValue('Green Weekly');
  const cont = page.getByRole('button', { name: 'Continue' });
  await name.fill('   ');
  await expect(cont).toBeDisabled();
  await name.fill('Green Ledger Weekly');
  await expect(cont).toBeEnabled();
  await expect.poll(async () => (await getPublication(page, id)).workflowData.newsletterName).toBe('Green Ledger Weekly');
  // A future step cannot be opened from the indicator.
  const steps = page.getByRole('navigation', { name: 'Workflow steps' });
  await expect(steps.getByRole('button')).toHaveCount(0);
  await cont.click();

  // Step 2: a locked theme offers the upgrade; a free theme is picked and the workflow moves on by itself.
  await expect(page.getByRole('heading', { name: 'Choose Your Newsletter Theme' })).toBeVisible();
  const newsprint = page.getByRole('article', { name: 'Newsprint' });
  await expect(newsprint.getByText(MSG.upgradeRequired)).toBeVisible();
  await newsprint.getByRole('button', { name: 'Upgrade to Use' }).click();
  const upgrade = page.getByRole('dialog', { name: MSG.upgradeDialogTitle });
  await expect(upgrade).toBeVisible();
  await upgrade.getByRole('button', { name: MSG.maybeLater }).click();
  await expect(upgrade).toBeHidden();
  await page.getByRole('article', { name: 'Market Watch' }).getByRole('button', { name: 'Use This Theme' }).click();
  await expect(page.getByRole('heading', { name: 'Select Content Channels' })).toBeVisible();
  expect((await getPublication(page, id)).workflowData.selectedTheme).toBe('market-watch');

  // Step 3: search by topic, the free plan's allowance, add a channel by its site address.
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByRole('button', { name: 'Find Channels' }).click();
  await expect(page.getByText(MSG.searchTopicRequired)).toBeVisible();
  await page.getByLabel('Search by topic or niche').fill('technology');
  await page.getByRole('button', { name: 'Find Channels' }).click();
  await expect(page.getByTestId('search-message')).toContainText('technology');
  const found = page.getByRole('list', { name: 'Found channels' });
  await expect(found.getByRole('listitem')).toHaveCount(12);
  await expect(found.getByText(/quality/i).first()).toBeVisible();
  await expect(found.getByText(/^Updates:/).first()).toBeVisible();
  // The page switcher is for admin, professional and enterprise only.
  await expect(page.getByRole('navigation', { name: 'Search result pages' })).toHaveCount(0);
  await expect(page.getByText(MSG.channelAllowance(1))).toBeVisible();
  await expect(page.getByTestId('channel-counter')).toHaveText('0 of 1 selected');

  await page.getByLabel('Add a channel by site address').fill(`${FIXTURE_ORIGIN}/`);
  await page.getByRole('button', { name: 'Add Channel' }).click();
  const selected = page.getByRole('list', { name: 'Selected channels' });
  await expect(selected.getByText('Green Ledger Daily')).toBeVisible();
  await expect(page.getByTestId('channel-counter')).toHaveText('1 of 1 selected');
  await expect.poll(async () => (await getPublication(page, id)).workflowData.selectedChannels.map((c) => c.url)).toEqual([`${FIXTURE_ORIGIN}/feed.xml`]);

  // The limit: other channels read 'Upgrade to select more'; trying one shows the toast and the dialog.
  const locked = found.getByRole('button', { name: new RegExp(`^${MSG.upgradeToSelectMore}`) });
  await expect(locked).toHaveCount(12);
  await locked.first().click();
  await expect(page.getByText(MSG.channelLimitTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(MSG.channelLimit(1), { exact: true })).toBeVisible();
  await expect(upgrade).toBeVisible();
  await upgrade.getByRole('button', { name: MSG.maybeLater }).click();
  expect((await getPublication(page, id)).workflowData.selectedChannels).toHaveLength(1);

  // OPML import adds to the user's channels without selecting them.
  const opml = testInfo.outputPath('feeds.opml');
  fs.writeFileSync(
    opml,
    `<?xml version="1.0"?><opml version="2.0"><head><title>Mine</title></head><body><outline text="City Notes Weekly" type="rss" xmlUrl="${FIXTURE_ORIGIN}/city/feed.xml"/></body></opml>`,
  );
  await page.getByLabel('Import OPML file').setInputFiles(opml);
  await expect(page.getByText('Imported 1 channel', { exact: true })).toBeVisible();
  const mine = page.getByRole('list', { name: 'Your channels' });
  await expect(mine.getByText('City Notes Weekly')).toBeVisible();
  await expect(mine.getByRole('button', { name: new RegExp(`^${MSG.upgradeToSelectMore}`) })).toHaveCount(1);
  await expect(page.getByTestId('channel-counter')).toHaveText('1 of 1 selected');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 4: the fixture feed's eight articles, filtered by date, picked.
  await expect(page.getByRole('heading', { name: 'Choose Articles' })).toBeVisible();
  const articles = page.getByRole('list', { name: 'Articles' });
  await expect(articles.getByRole('listitem')).toHaveCount(8);
  await expect(page.getByText('Loading articles...')).toBeHidden();
  // The card's picture repeats its title: the feed gave it no words of its own, so it is decorative.
  const img = articles.getByRole('listitem').filter({ hasText: FIRST }).locator('img');
  await expect(img).toHaveAttribute('alt', '');
  await expect(img).toHaveAttribute('loading', 'lazy');
  await expect(img).toHaveAttribute('src', new RegExp(`^${FIXTURE_ORIGIN.replaceAll('.', '\\.')}/img/`));
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();

  await page.getByRole('button', { name: 'Last 24 Hours' }).click();
  await expect(articles.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Last 48 Hours' }).click();
  await expect(articles.getByRole('listitem')).toHaveCount(4);
  await page.getByLabel('After').fill(localInput(72));
  await page.getByLabel('Before').fill(localInput(35));
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await expect(articles.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(articles.getByRole('listitem')).toHaveCount(8);

  await articles.getByLabel(FIRST).check();
  await articles.getByLabel(SECOND).check();
  await articles.getByLabel(SECOND).uncheck();
  await articles.getByLabel(SECOND).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await expect.poll(async () => (await getPublication(page, id)).workflowData.selectedArticles.map((a) => a.title)).toEqual([FIRST, SECOND]);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 5: assembled automatically; every option and preview mode switched.
  await expect(page.getByRole('heading', { name: 'Preview & Send' })).toBeVisible();
  const web = page.locator('iframe[title="Web preview"]');
  // No scripts in the preview; same-origin only so step 5 can outline a pre-send finding's element in it.
  await expect(web).toHaveAttribute('sandbox', 'allow-same-origin');
  await expect(page.frameLocator('iframe[title="Web preview"]').getByText(FIRST).first()).toBeVisible();
  for (const [group, def] of [
    ['Font style', 'Normal'],
    ['Layout', 'Single column'],
    ['Colour theme', 'Light'],
    ['Preview mode', 'Web Preview'],
    ['Preview width', 'Desktop'],
  ]) {
    await expect(page.getByRole('group', { name: group }).getByRole('radio', { name: def })).toBeChecked();
  }
  const pick = async (group: string, option: string) => {
    await page.getByRole('group', { name: group }).getByText(option, { exact: true }).click();
    await expect(page.getByRole('group', { name: group }).getByRole('radio', { name: option })).toBeChecked();
  };
  for (const [group, option, field, value] of [
    ['Font style', 'Bold', 'fontStyle', 'bold'],
    ['Font style', 'Italic', 'fontStyle', 'italic'],
    ['Layout', 'Two columns', 'layoutStyle', 'two-column'],
    ['Colour theme', 'Dark', 'colorTheme', 'dark'],
    ['Colour theme', 'Colorful', 'colorTheme', 'colorful'],
  ] as const) {
    await pick(group, option);
    await expect.poll(async () => (await getPublication(page, id)).workflowData[field]).toBe(value);
  }
  await expect(page.frameLocator('iframe[title="Web preview"]').getByText(FIRST).first()).toBeVisible();
  await pick('Preview width', 'Mobile');
  await expect.poll(async () => (await web.boundingBox())?.width).toBe(375);
  await pick('Preview mode', 'Email HTML');
  await expect(page.getByLabel('Email HTML source')).toContainText('<table');
  await expect(page.locator('iframe[title="Email preview"]')).toHaveAttribute('sandbox', 'allow-same-origin');
  await expect(page.frameLocator('iframe[title="Email preview"]').getByRole('link', { name: FIRST }).first()).toBeVisible();
  await pick('Preview width', 'Desktop');
  await pick('Preview mode', 'Web Preview');
  await expect(page.getByRole('definition').filter({ hasText: /^2$/ })).toBeVisible();

  // Save: a double click makes one draft.
  await page.getByRole('button', { name: 'Save Newsletter' }).dblclick();
  await expect(page.getByText(MSG.draftSaved, { exact: true })).toBeVisible();
  const drafts = await trpcQuery<{ id: string; title: string; articleCount: number }[]>(page, 'drafts.list', { limit: 50, offset: 0 });
  expect(drafts.map((d) => [d.title, d.articleCount])).toEqual([['Green Ledger Weekly', 2]]);

  // Export: the plan's formats download; the others are disabled and name the plan that has them.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Export HTML Enterprise plan' })).toBeDisabled();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^green-ledger-weekly-.*\.pdf$/);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  // A second tab (its own session storage) saving the same issue updates the same saved newsletter.
  const tab2 = await page.context().newPage();
  await tab2.goto(`/workflow?publicationId=${id}`);
  await expect(tab2.getByRole('heading', { name: 'Preview & Send' })).toBeVisible();
  await expect(tab2.getByRole('button', { name: 'Save Newsletter' })).toBeEnabled();
  await tab2.getByRole('button', { name: 'Save Newsletter' }).click();
  await expect(tab2.getByText(MSG.draftSaved, { exact: true })).toBeVisible();
  await tab2.goto('/newsletters');
  await expect(tab2.getByRole('heading', { name: 'Newsletters', level: 1 })).toBeVisible();
  await expect(tab2.getByRole('article', { name: 'Green Ledger Weekly', exact: true })).toHaveCount(1);
  const afterTab2 = await trpcQuery<{ id: string }[]>(page, 'drafts.list', { limit: 50, offset: 0 });
  expect(afterTab2.map((d) => d.id)).toEqual([drafts[0].id]);
  await tab2.close();

  // Send: a test to me lands in the outbox; other people need a verified address, then a typed list is validated first.
  await page.getByRole('button', { name: 'Send test to me' }).click();
  await expect(page.getByText(`Newsletter sent to ${email}`, { exact: true })).toBeVisible();
  // One test issue ("[Test] " before its subject); the account's own mail (the sender code, the onboarding
  // welcome whenever its job runs) is not counted.
  const sent = outboxFor(email).filter((m) => m.subject.startsWith('[Test] '));
  expect(sent).toHaveLength(1);
  expect(sent[0].html).toContain(FIRST);
  await verifyAddressInSendPanel(page, email);
  await page.getByLabel('Recipient addresses').fill('ana@example.com, not-an-address');
  await page.getByRole('button', { name: 'Send to addresses' }).click();
  await expect(page.getByText('Not a valid email address: not-an-address')).toBeVisible();
  const [a, b] = [uniqueEmail('reader-a'), uniqueEmail('reader-b')];
  await page.getByLabel('Recipient addresses').fill(`${a}\n${b}`);
  await page.getByRole('button', { name: 'Send to addresses' }).click();
  await expect(page.getByText('Newsletter sent to 2 addresses', { exact: true })).toBeVisible();
  expect(outboxFor(a)).toHaveLength(1);
  expect(outboxFor(b)).toHaveLength(1);

  // Reload: back at step 5 with everything as it was; earlier steps can be revisited.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Preview & Send' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Font style' }).getByRole('radio', { name: 'Italic' })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Colour theme' }).getByRole('radio', { name: 'Colorful' })).toBeChecked();
  await expect(page.frameLocator('iframe[title="Web preview"]').getByText(SECOND).first()).toBeVisible();
  await steps.getByRole('button', { name: /Step 4/ }).click();
  await expect(page.getByRole('heading', { name: 'Choose Articles' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Articles' }).getByLabel(FIRST)).toBeChecked();
  await steps.getByRole('button', { name: /Step 1/ }).click();
  await expect(page.getByLabel('Newsletter name')).toHaveValue('Green Ledger Weekly');
  await steps.getByRole('button', { name: /Step 5/ }).click();
  await expect(page.getByRole('heading', { name: 'Preview & Send' })).toBeVisible();

  // Create New Newsletter (confirmed): step 1 with a fresh state; the saved draft stays.
  await page.getByRole('button', { name: 'Create New Newsletter' }).click();
  await page.getByRole('dialog', { name: 'Start a new newsletter?' }).getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByRole('heading', { name: 'Name Your Newsletter' })).toBeVisible();
  await expect(page.getByLabel('Newsletter name')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expect.poll(async () => (await getPublication(page, id)).currentStep).toBe(1);
  expect((await getPublication(page, id)).workflowData.selectedArticles).toEqual([]);
});

test('the stored publication is validated: bad entries go to /publications, the address recovers them', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('workflow-storage');
  await signUpThroughUi(page, 'Sam Storage', email);
  await page.goto('/publications');
  await page.getByLabel('Newsletter name').fill('Storage Test');
  await page.getByRole('button', { name: 'Create publication' }).click();
  await expect(page).toHaveURL(/\/workflow\?publicationId=/);
  const id = publicationIdFrom(page);
  // Wait until the page has resolved (and stored) the publication before tampering with the entry.
  await expect(page.getByRole('heading', { name: 'Name Your Newsletter' })).toBeVisible();

  for (const bad of [
    'undefined',
    'null',
    '   ',
    '{}',
    '[]',
    'not json',
    '{"id":"undefined"}',
    '{"id":"  "}',
    '{"name":"no id"}',
    '{"id":"someone-elses-publication-0001"}',
  ]) {
    await page.evaluate((v) => sessionStorage.setItem('selectedPublication', v), bad);
    await page.goto('/workflow');
    await expect(page, `entry ${bad}`).toHaveURL(/\/publications$/);
    expect(await page.evaluate(() => sessionStorage.getItem('selectedPublication')), `entry ${bad}`).toBeNull();
  }

  // A corrupt entry with the publicationId in the address recovers from the server.
  await page.evaluate(() => sessionStorage.setItem('selectedPublication', 'undefined'));
  await page.goto(`/workflow?publicationId=${id}`);
  await expect(page.getByRole('heading', { name: 'Name Your Newsletter' })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('selectedPublication'))) ?? '{}')).toMatchObject({ id, name: 'Storage Test' });

  // A valid entry alone opens the workflow and puts the id in the address.
  await page.goto('/workflow');
  await expect(page).toHaveURL(new RegExp(`/workflow\\?publicationId=${id}$`));
  await expect(page.getByLabel('Newsletter name')).toHaveValue('Storage Test');
});

test('a professional user pages through search results and is not capped', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('workflow-pro');
  createUserWithPlan(email, 'Pat Pro', 'professional');
  await signInThroughUi(page, email);
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Pro Digest' });
  await trpcMutation(page, 'wizard.saveProgress', { publicationId: pub.id, currentStep: 3, workflowData: { selectedTheme: 'newsprint' } });
  await page.goto(`/workflow?publicationId=${pub.id}`);
  await expect(page.getByRole('heading', { name: 'Select Content Channels' })).toBeVisible();

  await page.getByLabel('Search by topic or niche').fill('technology');
  await page.getByRole('button', { name: 'Find Channels' }).click();
  const pager = page.getByRole('navigation', { name: 'Search result pages' });
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  const found = page.getByRole('list', { name: 'Found channels' });
  const firstOnPage1 = await found.getByRole('heading').first().textContent();
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(found.getByRole('heading').first()).not.toHaveText(firstOnPage1 ?? '');

  // Unlimited channels: no allowance line, no 'x of N' counter, every channel selectable.
  await found
    .getByRole('button', { name: /^Select / })
    .nth(0)
    .click();
  await found
    .getByRole('button', { name: /^Select / })
    .nth(0)
    .click();
  await expect(page.getByTestId('channel-counter')).toHaveText('2 selected');
  await expect(page.getByText(/You can select \d+ content channel/)).toHaveCount(0);
  await expect(found.getByRole('button', { name: new RegExp(`^${MSG.upgradeToSelectMore}`) })).toHaveCount(0);
  await expect.poll(async () => (await getPublication(page, pub.id)).workflowData.selectedChannels).toHaveLength(2);

  // A refusal from the server (say the plan changed meanwhile) is shown with the spec's toast and the
  // pick is undone. The refusal is injected at the network boundary: this client never asks for more.
  const refusal = MSG.channelLimit(2);
  await page.route('**/api/trpc/wizard.saveProgress?batch=1', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify([{ error: { message: refusal, code: -32003, data: { code: 'FORBIDDEN', httpStatus: 403, path: 'wizard.saveProgress' } } }]),
    }),
  );
  await found
    .getByRole('button', { name: /^Select / })
    .nth(0)
    .click();
  await expect(page.getByText(MSG.channelLimitTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(refusal, { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: MSG.upgradeDialogTitle })).toBeVisible();
  await expect(page.getByTestId('channel-counter')).toHaveText('2 selected');
  await page.unroute('**/api/trpc/wizard.saveProgress?batch=1');
  expect((await getPublication(page, pub.id)).workflowData.selectedChannels).toHaveLength(2);
});
