// The pre-send check: a creator sees a finding in step 5's "Check before sending" panel, sees it again
// in the send dialog, sends anyway, and the send keeps the check under its progress.
import { expect, skipWithoutBrowser, test, uniqueEmail } from './support';
import { EXAMPLE_ARTICLE, harbourNotesAtStep5 } from './fixtures/workflow-helpers';

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
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/panel-390.png` });
    await page.getByRole('button', { name: 'Send to subscribers' }).click();
    await expect(dialog.getByText('The subject shouts in capitals')).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/dialog-390.png` });
  }
});
