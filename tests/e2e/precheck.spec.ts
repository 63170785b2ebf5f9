// The pre-send check: a creator sees a finding in step 5's "Check before sending" panel, sees it again
// in the send dialog, sends anyway, and the send keeps the check under its progress.
import { expect, skipWithoutBrowser, test, uniqueEmail } from './support';
import { EXAMPLE_ARTICLE, harbourNotesAtStep5 } from './fixtures/workflow-helpers';
import { FIXTURE_ORIGIN } from './fixtures/feed-server';

skipWithoutBrowser();

const SHOTS = process.env.PRECHECK_SHOTS;

test('a creator sees a finding in step 5 and sends anyway', async ({ page }) => {
  test.setTimeout(90_000);
  const pub = await harbourNotesAtStep5(
    page,
    { email: uniqueEmail('checker'), name: 'Cleo Checker' },
    { articles: [EXAMPLE_ARTICLE], subject: 'HARBOUR REOPENS TODAY!!!' },
  );

  await page.goto(`/workflow?publicationId=${pub.id}`);
  const panel = page.getByRole('region', { name: 'Check before sending' });
  await expect(panel.getByText('The subject shouts in capitals')).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('button', { name: 'Use "Harbour Reopens Today!"' })).toBeVisible();
  // An edit to the issue is checked again: a text block whose link text names another site.
  const editor = page.getByRole('region', { name: 'Edit the issue' });
  await editor.getByRole('button', { name: 'Add text before the first story' }).click();
  const block = editor.getByLabel('Text block (Markdown)');
  await block.fill('Ferry tickets at [paypal.com](https://example.com/harbour).');
  await block.blur();
  await expect(panel.getByText('Link text names another site')).toBeVisible({ timeout: 20_000 });
  if (SHOTS) {
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/panel-desktop.png`, fullPage: false });
  }

  await page.getByRole('button', { name: 'Send to subscribers' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('The subject shouts in capitals')).toBeVisible({ timeout: 20_000 });
  const send = dialog.getByRole('button', { name: 'Send to 1 anyway' });
  await expect(send).toBeEnabled();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dialog-desktop.png` });
  await send.click();
  await expect(page.getByTestId('send-progress').getByText(/Checked before sending: .*warning/)).toBeVisible();

  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Preview' }).click();
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/panel-390.png` });
    await page.getByRole('button', { name: 'Send to subscribers' }).click();
    await expect(dialog.getByText('The subject shouts in capitals')).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/dialog-390.png` });
  }
});

test('at 390 px a finding with a long address wraps, is reported once, and an image gets its alt text from the finding', async ({ page }) => {
  test.setTimeout(90_000);
  const pub = await harbourNotesAtStep5(
    page,
    { email: uniqueEmail('alt-text'), name: 'Ada Alt' },
    {
      // Two stories whose links no reader can reach: each finding offers to drop its story, by its long title.
      articles: [
        EXAMPLE_ARTICLE,
        {
          ...EXAMPLE_ARTICLE,
          id: 'example-2',
          title: 'Harbourmaster explains why the storm barrier failed twice in one week',
          url: `https://example.com/${'storm-barrier-report-'.repeat(5)}final`,
        },
      ],
      subject: 'HARBOURMASTER EXPLAINS THE STORM BARRIER FAILURE!!!',
    },
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/workflow?publicationId=${pub.id}`);
  const panel = page.getByRole('region', { name: 'Check before sending' });
  const editor = page.getByRole('region', { name: 'Edit the issue' });
  await editor.getByRole('button', { name: 'Add text before the first story' }).click();
  const block = editor.getByLabel('Text block (Markdown)');
  // One address, carried twice, that no reader can reach, with link text naming another site; and a photo without words.
  const long = `https://example.com/${'harbour-ferry-timetable-'.repeat(6)}winter`;
  await block.fill(`Ferry times at [paypal.com](${long}), again: [paypal.com](${long}).\n\n![](${FIXTURE_ORIGIN}/img/1.svg)`);
  await block.blur();
  // At 390 px the findings are in the Preview tab, beside the preview.
  await page.getByRole('tab', { name: 'Preview' }).click();

  await expect(panel.getByText('An image you added has no alt text')).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('button', { name: /^Drop the story "Harbourmaster explains/ })).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('button', { name: /^Use "/ })).toBeVisible();
  await expect(panel.getByText('Link text names another site')).toHaveCount(1);
  await expect(panel.getByText(long.slice(0, 40), { exact: false })).toHaveCount(1);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'the page is as wide as the phone').toBeLessThanOrEqual(390);
  if (SHOTS) {
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/findings-390.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    // The colours change with a transition: the picture is taken once they have.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await page.screenshot({ path: `${SHOTS}/findings-390-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
  }

  await panel.getByLabel('Alt text').fill('The harbour at dawn');
  await panel.getByRole('button', { name: 'Save alt text' }).click();
  await expect(panel.getByText('An image you added has no alt text')).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('tab', { name: 'Edit' }).click();
  await expect(block).toHaveValue(new RegExp(`!\\[The harbour at dawn\\]\\(${FIXTURE_ORIGIN.replace(/[.:/]/g, '\\$&')}/img/1\\.svg\\)`));
  // Saved where the image lives: the block, with the publication's issue.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Edit the issue' }).getByLabel('Text block (Markdown)')).toHaveValue(/!\[The harbour at dawn\]/);
  if (SHOTS) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(panel.getByText('Link text names another site')).toBeVisible({ timeout: 30_000 });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/findings-1280.png` });
  }
});
