// Editing the issue in step 5: a creator moves a story up with the keyboard-reachable buttons, adds a
// Markdown text block before the first story, and both show in the preview and in the mail subscribers get.
import { expect, skipWithoutBrowser, test, uniqueEmail } from './support';
import { EXAMPLE_ARTICLE, harbourNotesAtStep5, outboxFor } from './fixtures/workflow-helpers';

skipWithoutBrowser();

const SHOTS = process.env.ISSUE_EDIT_SHOTS;

const SECOND = {
  ...EXAMPLE_ARTICLE,
  id: 'example-2',
  title: 'Ferry timetable doubles for summer',
  summary: 'Two more crossings a day from June, the operator says.',
  url: 'https://example.com/ferry',
};

test('a creator reorders stories and adds a text block, and the preview and the sent mail show it', async ({ page }) => {
  test.setTimeout(90_000);
  const { id, reader } = await harbourNotesAtStep5(
    page,
    { email: uniqueEmail('editor'), name: 'Edie Editor' },
    { articles: [EXAMPLE_ARTICLE, SECOND], subject: 'Harbour Notes this week' },
  );

  await page.goto(`/workflow?publicationId=${id}`);
  const editor = page.getByRole('region', { name: 'Edit the issue' });
  await expect(editor).toBeVisible({ timeout: 20_000 });

  // Moving the second story to the top keeps focus on the story that moved (its other button, as "up" is now off).
  await editor.getByRole('button', { name: `Move "${SECOND.title}" up` }).click();
  await expect(editor.getByRole('button', { name: `Move "${SECOND.title}" down` })).toBeFocused();
  await expect(editor.getByLabel('Title of story 1')).toHaveValue(SECOND.title);

  await editor.getByRole('button', { name: 'Add text before the first story' }).click();
  const block = editor.getByLabel('Text block (Markdown)');
  await expect(block).toBeFocused();
  await block.fill('**Tide tables** are back on the quay.');
  await block.blur();

  const preview = page.frameLocator('iframe[title="Web preview"]');
  await expect(preview.getByText('are back on the quay.')).toBeVisible({ timeout: 20_000 });
  await expect(preview.locator('strong', { hasText: 'Tide tables' })).toBeVisible();
  const page1 = await preview.locator('body').innerText();
  expect(page1.indexOf('Tide tables')).toBeLessThan(page1.indexOf(SECOND.title));
  expect(page1.indexOf(SECOND.title)).toBeLessThan(page1.indexOf(EXAMPLE_ARTICLE.title));
  if (SHOTS) {
    await editor.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/editor-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/editor-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await page.getByRole('button', { name: 'Send to subscribers' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Send to 1/ })
    .click();
  await expect(page.getByTestId('send-progress')).toContainText('Sent', { timeout: 20_000 });

  await expect.poll(() => outboxFor(reader).length, { timeout: 15_000 }).toBe(1);
  const html = outboxFor(reader)[0].html ?? '';
  expect(html).toContain('<strong>Tide tables</strong> are back on the quay.');
  const tide = html.indexOf('Tide tables');
  expect(tide).toBeGreaterThan(-1);
  // The hidden preheader names the first stories above the body, so the order is read after the block.
  const body = html.slice(tide);
  expect(body.indexOf(SECOND.title)).toBeGreaterThan(-1);
  expect(body.indexOf(EXAMPLE_ARTICLE.title)).toBeGreaterThan(body.indexOf(SECOND.title));
});
