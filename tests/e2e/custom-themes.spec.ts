// Saved themes: a Business user builds a theme from Newsprint with their own colours and footer, sees
// the low-contrast text refused with its measured ratio, saves a readable one, finds it in the workflow's
// picker under "Your themes", and the issue in step 5 is assembled with it.
import sharp from 'sharp';
import { expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { createUserWithPlan, getPublication, GREEN_LEDGER, trpcMutation } from './fixtures/workflow-helpers';

skipWithoutBrowser();

test('a Business user builds a theme, picks it in the workflow and assembles an issue with it', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('brand');
  createUserWithPlan(email, 'Bea Brand', 'business');
  await signInThroughUi(page, email);

  // The sidebar leads to the builder; an unlimited plan's count reads as a count, not "0 of Unlimited".
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Themes' }).click();
  await expect(page).toHaveURL(/\/themes$/);
  await expect(page.getByRole('heading', { name: 'Your themes', level: 1 })).toBeVisible();
  await expect(page.getByText('0 saved themes; your plan keeps as many as you like.', { exact: false })).toBeVisible();
  await expect(page.getByText(/of Unlimited/)).toHaveCount(0);
  await page.getByLabel('Start from').selectOption({ label: 'Newsprint' });
  await page.getByRole('button', { name: 'New Theme' }).click();

  await page.getByLabel('Theme name').fill('Field Notes House');
  await page.getByRole('textbox', { name: 'Primary', exact: true }).fill('#123c69');
  await page.getByRole('textbox', { name: 'Footer line', exact: true }).fill('Written in Leeds by the Field Notes team');
  // Grey text on white: measured and refused.
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('#9a9a9a');
  await page.getByRole('textbox', { name: 'Background', exact: true }).fill('#ffffff');
  const checks = page.getByRole('list', { name: 'Contrast checks' });
  await expect(checks).toContainText('Text on the background: 2.81:1 (needs 4.5:1)');
  await page.getByRole('button', { name: 'Save Theme' }).click();
  await expect(page.getByText('Text on the background has a contrast of 2.81:1', { exact: false })).toBeVisible();

  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('#1b1b2f');
  await expect(checks).toContainText('Text on the background: 16.87:1');
  const preview = page.frameLocator('iframe[title="Theme preview"]');
  await expect(preview.getByText('Written in Leeds by the Field Notes team')).toBeVisible();
  // The masthead's line is the creator's: Newsprint's sample "Late Edition" is only the field's hint.
  const line = page.getByRole('textbox', { name: 'Masthead line', exact: true });
  await expect(line).toHaveAttribute('placeholder', 'e.g. Late Edition');
  await expect(preview.getByText('Late Edition')).toHaveCount(0);
  await line.fill('Notes from the field');
  await expect(preview.getByText('Notes from the field')).toBeVisible();
  // A logo: a wide PNG is resized by the server to fit 480 × 160 and shows above the masthead.
  const logo = await sharp({ create: { width: 1200, height: 300, channels: 4, background: '#123c69' } })
    .png()
    .toBuffer();
  await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByRole('img', { name: 'Your logo' })).toHaveAttribute('width', '240');
  // The logo stands above the nameplate's h1, which says the name: the picture itself is decorative.
  const previewLogo = preview.locator('img[src*="/media/"]');
  await expect(previewLogo).toBeVisible();
  await expect(previewLogo).toHaveAttribute('alt', '');
  // The same theme as the web page readers open from the archive.
  await page.getByRole('radiogroup', { name: 'Preview as' }).getByRole('radio', { name: 'Web page' }).click();
  await expect(previewLogo).toBeVisible();
  await expect(preview.getByText('Written in Leeds by the Field Notes team')).toBeVisible();
  await page.getByRole('button', { name: 'Save Theme' }).click();
  await expect(page.getByText('Theme saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Saved themes' }).getByRole('heading', { name: 'Field Notes House' })).toBeVisible();

  // The workflow's picker offers it under "Your themes"; picking it moves on to step 3.
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Field Notes' });
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 2,
    workflowData: { newsletterName: 'Field Notes', colorTheme: 'light' },
  });
  await page.goto(`/workflow?publicationId=${pub.id}`);
  const yours = page.getByRole('list', { name: 'Your themes' }).getByRole('article', { name: 'Field Notes House' });
  await expect(yours.getByText('Yours', { exact: true })).toBeVisible();
  await yours.getByRole('button', { name: 'Use This Theme' }).click();
  await expect(page.getByRole('heading', { name: 'Select Content Channels' })).toBeVisible();
  const themeId = (await getPublication(page, pub.id)).workflowData.selectedTheme;
  expect(themeId).toMatch(/^custom-/);

  // Step 5 assembles the issue with it: its footer line and its primary colour are in the email.
  const channel = GREEN_LEDGER;
  const article = {
    id: 'brand-article-1',
    title: 'Why grid batteries keep getting cheaper',
    summary: 'Cell prices fell again this year.',
    url: 'https://example.com/batteries',
    publishDate: new Date().toISOString(),
    source: 'Green Ledger Daily',
    channelUrl: channel.url,
    category: 'Energy',
    readTime: '3 min',
    aiEnhanced: false,
  };
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 5,
    workflowData: { selectedChannels: [channel], selectedArticles: [article] },
  });
  await page.goto(`/workflow?publicationId=${pub.id}`);
  const web = page.frameLocator('iframe[title="Web preview"]');
  await expect(web.getByText('Written in Leeds by the Field Notes team')).toBeVisible();
  await expect(web.locator('img[src*="/media/"]')).toHaveAttribute('src', /\/media\/[\w-]+\.png$/);
  await expect(web.getByText('Why grid batteries keep getting cheaper').first()).toBeVisible();
});
