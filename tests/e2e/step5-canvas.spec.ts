// Step 5 as one canvas (issue 43): at 1280 px the editor, the preview and the send bar share the first
// screen and stay there while the editor scrolls; a pre-send finding outlines its element in the preview;
// a send button that is off says why (tooltip and aria-describedby). At 390 px Edit / Preview / Send are
// tabs, the send bar stays on screen and nothing is wider than the phone.
// STEP5_SHOTS=<dir> also takes the screenshots (light and dark, both widths) and writes the page heights.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { EXAMPLE_ARTICLE, harbourNotesAtStep5, harbourNotesSavedAtStep5 } from './fixtures/workflow-helpers';

skipWithoutBrowser();

const SHOTS = process.env.STEP5_SHOTS;
const SECOND = { ...EXAMPLE_ARTICLE, id: 'example-2', title: 'Ferry timetable for the winter', url: 'https://example.com/ferry-winter' };
const LINK = 'https://example.com/harbour-tickets';

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The colours change with a transition: the picture is taken once they have.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  const file = `${SHOTS}/heights.json`;
  const heights = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>) : {};
  heights[name] = await page.evaluate(() => document.documentElement.scrollHeight);
  fs.writeFileSync(file, JSON.stringify(heights, null, 2));
}

test('at 1280 px edit, preview and send share the screen; a finding points at its element; an off button says why', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('canvas');
  await createAccount(request, 'Cara Canvas', email);
  await signInThroughUi(page, email);
  const pub = await harbourNotesSavedAtStep5(page, { articles: [EXAMPLE_ARTICLE, SECOND], subject: 'Harbour reopens today' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/workflow?publicationId=${pub.id}`);
  const frame = page.locator('iframe[title="Web preview"]');
  await expect(page.frameLocator('iframe[title="Web preview"]').getByText(SECOND.title).first()).toBeVisible({ timeout: 20_000 });

  // The first screen: the editor's first fields, the preview and the send button, no scrolling.
  const send = page.getByRole('button', { name: 'Send to subscribers' });
  await expect(page.getByRole('textbox', { name: 'Subject line', exact: true })).toBeInViewport();
  await expect(frame).toBeInViewport();
  await expect(send).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Send test to me' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Save Newsletter' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeInViewport();
  await shoot(page, 'step5-1280');

  // Off, and says why: focusable, described by the visible line, and the tooltip on hover.
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleName('Send to subscribers');
  await expect(send).toHaveAccessibleDescription('Verify your e-mail address first');
  await send.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Verify your e-mail address first');
  await send.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const toAddresses = page.getByRole('button', { name: 'Send to addresses' });
  await expect(toAddresses).toBeDisabled();
  await expect(toAddresses).toHaveAccessibleDescription('Verify your e-mail address first');
  // A format of another plan names the plan that has it.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Export HTML Enterprise plan' })).toHaveAccessibleDescription('Upgrade to the Enterprise plan to export HTML');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Export PDF' })).toBeHidden();

  // Further down the editor, the preview and the send bar are still on screen.
  const editor = page.getByRole('region', { name: 'Edit the issue' });
  await editor.getByRole('button', { name: 'Add text before the first story' }).click();
  const block = editor.getByLabel('Text block (Markdown)');
  await block.fill(`Tickets at [paypal.com](${LINK}).`);
  await block.blur();
  await page.getByLabel('Sign-off').scrollIntoViewIfNeeded();
  await expect(frame).toBeInViewport();
  await expect(send).toBeInViewport();

  // The finding about that link outlines it in the preview while hovered, and "Show in preview" scrolls to it.
  const panel = page.getByRole('region', { name: 'Check before sending' });
  const finding = panel.getByTestId('precheck-finding').filter({ hasText: 'Link text names another site' });
  await expect(finding).toBeVisible({ timeout: 30_000 });
  const link = page.frameLocator('iframe[title="Web preview"]').locator(`a[href="${LINK}"]`);
  await expect(link).toHaveCSS('outline-style', 'none');
  await finding.hover();
  await expect(link).toHaveCSS('outline-style', 'solid');
  await page.getByLabel('Sign-off').hover();
  await expect(link).toHaveCSS('outline-style', 'none');
  await finding.getByRole('button', { name: 'Show in preview' }).click();
  await expect(link).toHaveCSS('outline-style', 'solid');
  await expect(link).toBeInViewport();
  await shoot(page, 'step5-1280-finding');
});

test('at 390 px Edit, Preview and Send are tabs and the send bar stays on screen', async ({ page }) => {
  test.setTimeout(90_000);
  const pub = await harbourNotesAtStep5(
    page,
    { email: uniqueEmail('canvas-phone'), name: 'Pia Phone' },
    { articles: [EXAMPLE_ARTICLE, SECOND], subject: 'Harbour reopens today' },
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/workflow?publicationId=${pub.id}`);
  await expect(page.getByRole('heading', { name: 'Preview & Send' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Issue' });
  const frame = page.locator('iframe[title="Web preview"]');
  const send = page.getByRole('button', { name: 'Send to subscribers' });

  await expect(tabs.getByRole('tab', { name: 'Edit' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Subject line', exact: true })).toBeVisible();
  await expect(frame).toBeHidden();
  await expect(send).toBeInViewport();
  await expect(send).toBeEnabled();
  await shoot(page, 'step5-390-edit');

  await tabs.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.frameLocator('iframe[title="Web preview"]').getByText(SECOND.title).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: 'Subject line', exact: true })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Check before sending' })).toBeVisible();
  await expect(send).toBeInViewport();
  await shoot(page, 'step5-390-preview');

  await tabs.getByRole('tab', { name: 'Send' }).click();
  await expect(page.getByLabel('Recipient addresses')).toBeVisible();
  await expect(frame).toBeHidden();
  // The bottom of the page: the bar is still there, and nothing is wider than the phone.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(send).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, 'step5-390-send');

  // What was typed in one tab is still there after another.
  await page.getByLabel('Recipient addresses').fill('ana@example.com');
  await tabs.getByRole('tab', { name: 'Edit' }).click();
  await tabs.getByRole('tab', { name: 'Send' }).click();
  await expect(page.getByLabel('Recipient addresses')).toHaveValue('ana@example.com');
});
