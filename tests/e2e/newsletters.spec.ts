// Saved newsletters: empty state, then a draft saved through POST /api/newsletter-drafts is listed,
// previewed in a sandboxed frame, duplicated, exported in a plan format (PDF download; Enterprise-only
// formats disabled for a free user) and deleted after confirmation.
import fs from 'node:fs';
import { createAccount, expect, isRed, signInThroughUi, skipWithoutBrowser, test, textRgb, uniqueEmail } from './support';

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
  await expect(page.getByText('No saved newsletters yet')).toBeVisible();
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
