// /newsletters: empty state, then a draft saved through POST /api/newsletter-drafts is listed,
// previewed in a sandboxed frame, duplicated, exported in a plan format (PDF download; Enterprise-only
// formats disabled for a free user) and deleted after confirmation. A Professional creator's sent issue
// is listed beside the drafts with its audience, delivery, opens and clicks, its report and its web copy.
// NEWSLETTERS_SHOTS=<folder> keeps screenshots of the list and of the test mail, light and dark, 1280 and 390 px.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { createAccount, expect, isRed, signInThroughUi, skipWithoutBrowser, test, textRgb, uniqueEmail } from './support';
import { E2E_DB, EXAMPLE_ARTICLE, createUserWithPlan, harbourNotesSavedAtStep5, trpcMutation, trpcQuery } from './fixtures/workflow-helpers';

const SHOTS = process.env.NEWSLETTERS_SHOTS;

skipWithoutBrowser();

const article = (n: number) => ({
  id: `a-${n}`,
  title: `Story number ${n}`,
  summary: `What happened in story ${n}.`,
  url: `https://example.com/story-${n}`,
  source: 'Example News',
  publishDate: new Date().toISOString(),
});

test('a free user previews, duplicates, exports and deletes a saved newsletter', async ({ page, request }) => {
  const email = uniqueEmail('letters');
  await createAccount(request, 'Nell Letters', email);
  await signInThroughUi(page, email);

  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Newsletters' }).click();
  await expect(page.getByRole('heading', { name: 'Newsletters', level: 1 })).toBeVisible();
  await expect(page.getByText('No issues yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Publications' })).toHaveAttribute('href', '/publications');

  const saved = await page.request.post('/api/newsletter-drafts', {
    data: {
      title: 'Morning Notes',
      subject: 'Morning Notes: two stories',
      content: 'Story number 1\nStory number 2',
      htmlContent: '<!doctype html><html><body><h1>Morning Notes</h1><p>Story number 1</p><script>parent.document.title="pwned"</script></body></html>',
      status: 'draft',
      contentSources: {
        channels: [{ name: 'Example News', url: 'https://example.com/feed', niche: 'news' }],
        articles: [article(1), article(2)],
        theme: 'market-watch',
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  await page.reload();
  const row = page.getByRole('article', { name: 'Morning Notes', exact: true });
  await expect(row).toContainText('Market Watch');
  await expect(row).toContainText('2 articles');
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();

  // Read-only preview in a frame that cannot run scripts.
  await row.getByRole('button', { name: 'Open' }).click();
  const preview = page.getByRole('dialog', { name: 'Morning Notes' });
  const frame = preview.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame.contentFrame().getByRole('heading', { name: 'Morning Notes' })).toBeVisible();
  expect(await page.title()).not.toBe('pwned');
  await preview.getByRole('tab', { name: 'Mobile' }).click();
  await expect.poll(async () => (await frame.boundingBox())?.width).toBe(375);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await row.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('article', { name: 'Morning Notes (copy)' })).toBeVisible();

  // Export: the free plan's formats are enabled, Enterprise-only ones are shown disabled.
  await row.getByRole('button', { name: 'Export' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Word \(\.docx\).*Enterprise plan/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(menu.getByRole('menuitem', { name: /HTML \(\.html\)/ })).toHaveAttribute('aria-disabled', 'true');
  const downloadPromise = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: 'PDF (.pdf)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^morning-notes-.*\.pdf$/);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  // The menu leads to the plans for the formats the plan lacks.
  await row.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'See plans' }).click();
  await expect(page.getByRole('dialog', { name: 'Unlock Premium Newsletter Themes' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Delete asks first.
  const del = page.getByRole('article', { name: 'Morning Notes (copy)' }).getByRole('button', { name: 'Delete' });
  expect(isRed(await textRgb(del)), `Delete colour ${await textRgb(del)}`).toBe(true);
  await del.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete newsletter?' });
  await confirm.getByRole('button', { name: 'Delete newsletter' }).click();
  await expect(page.getByRole('article', { name: 'Morning Notes (copy)' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Morning Notes', exact: true })).toBeVisible();
});

function newestMail(address: string): { subject: string; html: string; text: string } {
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select subject, html, text from outbox where to_address = ? order by created_at desc').get(address);
    expect(row, `a mail to ${address}`).toBeTruthy();
    return row as { subject: string; html: string; text: string };
  } finally {
    db.close();
  }
}

test('a sent issue is listed with its audience, delivery, opens and clicks, its report and its web copy', async ({ page }) => {
  const email = uniqueEmail('sender');
  const reader = uniqueEmail('reader');
  createUserWithPlan(email, 'Sam Sender', 'professional');
  await signInThroughUi(page, email);
  const subject = 'Harbour reopens after the storm';
  const pub = await harbourNotesSavedAtStep5(page, { articles: [EXAMPLE_ARTICLE], subject });
  await trpcMutation(page, 'subscribers.add', { publicationId: pub.id, email: reader, name: 'Rita Reader' });
  const draft = await page.request.post('/api/newsletter-drafts', {
    data: {
      title: 'Next week at the quay',
      subject: '',
      content: 'x',
      htmlContent: '<p>x</p>',
      status: 'draft',
      contentSources: { channels: [], articles: [] },
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);

  // A test to myself says it is one.
  await trpcMutation(page, 'email.sendTest', { publicationId: pub.id });
  const testMail = newestMail(email);
  expect(testMail.subject).toBe(`[Test] ${subject}`);
  expect(testMail.html).toContain(`This is a test of “${subject}”. Your readers will not see this banner.`);
  expect(testMail.html).not.toContain('you subscribed');

  const sendId = `e2e${Date.now().toString(36)}list`;
  await trpcMutation(page, 'sends.create', { id: sendId, publicationId: pub.id });
  await expect.poll(async () => (await trpcQuery<{ status: string }>(page, 'sends.progress', { id: sendId })).status, { timeout: 20_000 }).toBe('sent');
  // The reader opens it (the pixel loads).
  const pixel = /src="([^"]+\/t\/o\/[^"]+\.gif)"/.exec(newestMail(reader).html)?.[1];
  expect(pixel).toBeTruthy();
  await page.request.get(pixel!, { headers: { 'user-agent': await page.evaluate(() => navigator.userAgent) } });

  await page.goto('/newsletters');
  const sent = page.getByRole('article', { name: subject });
  await expect(sent.getByText('Sent', { exact: true })).toBeVisible();
  await expect(sent).toContainText('Harbour Notes');
  await expect(sent).toContainText('AudienceAll subscribers · 1 reader');
  await expect(sent).toContainText('Delivered1');
  await expect(sent).toContainText('Opens1');
  await expect(sent).toContainText('Clicks0');
  const saved = page.getByRole('article', { name: 'Next week at the quay' });
  await expect(saved.getByText('Draft', { exact: true })).toBeVisible();
  await expect(saved.getByRole('button', { name: 'Edit' })).toBeVisible();

  // The tabs filter the list.
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Drafts' }).click();
  await expect(page.getByRole('article', { name: subject })).toHaveCount(0);
  await expect(saved).toBeVisible();
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Sent' }).click();
  await expect(saved).toHaveCount(0);
  await expect(sent).toBeVisible();
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Scheduled' }).click();
  await expect(page.getByText('No scheduled issues')).toBeVisible();
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'All' }).click();

  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(sent).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/newsletters-${width}-${scheme}.png`, fullPage: true });
      }
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: 'light' });
  }

  // Its report: the analytics page opened on this issue.
  await sent.getByRole('link', { name: 'Report' }).click();
  await expect(page).toHaveURL(new RegExp(`/analytics\\?.*sendId=${sendId}`));
  await expect(page.locator('#issue-detail-title')).toHaveText(subject);

  // Its web copy: the public archive page of the issue.
  await page.goto('/newsletters');
  const href = await page
    .getByRole('article', { name: subject })
    .getByRole('link', { name: /Web copy/ })
    .getAttribute('href');
  expect(href).toMatch(new RegExp(`/p/[a-z0-9-]+/issues/${sendId}$`));
  await page.goto(href!);
  await expect(page.getByText(EXAMPLE_ARTICLE.title).first()).toBeVisible();

  if (SHOTS) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.setContent(testMail.html);
        await page.screenshot({ path: `${SHOTS}/test-mail-${width}-${scheme}.png`, fullPage: true });
      }
    }
  }
});
