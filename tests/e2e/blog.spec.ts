// The blog: staff write a post with a cover, publish it, and readers find it on /blog, at /blog/<slug>
// (its title as the document title) and in the sitemap; hostile Markdown shows as text and runs nothing;
// a plain user cannot reach the editor.
import path from 'node:path';
import { adminEmail, createAccount, expect, makePng, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';

skipWithoutBrowser();

test('staff write a post with a cover, publish it, and it is on /blog, at its address and in the sitemap', async ({ page }) => {
  const stamp = Date.now();
  const title = `Growing a newsletter ${stamp}`;
  const slug = `growing-a-newsletter-${stamp}`;
  await signInThroughUi(page, adminEmail());

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Blog posts' }).click();
  await expect(page.getByRole('heading', { name: 'Blog posts', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New post' }).first().click();
  await expect(page).toHaveURL(/\/admin\/blog-content\/new$/);

  await page.getByLabel('Title').fill(title);
  await expect(page.getByLabel('Slug')).toHaveValue(slug);
  await page.getByLabel('Excerpt').fill('Five habits that keep readers opening every issue.');
  await page.getByLabel('Text (Markdown)').fill('## Write often\n\nA **steady** rhythm builds trust.\n\n- Pick a day\n- Keep it short');
  // The live preview is the server's rendering.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Write often' })).toBeVisible();
  await expect(preview.locator('strong', { hasText: 'steady' })).toBeVisible();

  const cover = makePng(path.join('tests/e2e/.tmp', `blog-cover-${stamp}.png`), 320, 180);
  await page.getByLabel('Cover image file').setInputFiles(cover);
  await expect(page.getByRole('button', { name: 'Remove cover' })).toBeVisible();
  await page.getByLabel('Cover alt text').fill('A colourful gradient');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Post published', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog-content\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();

  await page.goto('/admin/blog-content');
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row.getByText('Published', { exact: true })).toBeVisible();

  await page.goto('/blog');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Five habits that keep readers opening every issue.')).toBeVisible();
  await expect(card.getByRole('img', { name: 'A colourful gradient' })).toBeVisible();
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/blog/feed.xml');
  await card.getByRole('link', { name: title }).click();

  await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`${title} · Curated`);
  await expect(page.getByRole('heading', { name: 'Write often', level: 2 })).toBeVisible();
  await expect(page.getByText(/ · by \S/)).toBeVisible();
  const img = page.getByRole('img', { name: 'A colourful gradient' });
  await expect(img).toBeVisible();
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(320);

  // Crawlers get the title and description in the served HTML itself.
  const served = await page.request.get(`/blog/${slug}`);
  expect(served.status()).toBe(200);
  const shell = await served.text();
  expect(shell).toContain(`<title>${title} · Curated</title>`);
  expect(shell).toContain('<meta property="og:description" content="Five habits that keep readers opening every issue." />');

  const media = await page.request.get((await img.getAttribute('src'))!);
  expect(media.headers()['content-type']).toBe('image/png');
  expect(media.headers()['content-security-policy']).toMatch(/^default-src 'none'/);

  const sitemap = await page.request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toMatch(new RegExp(`<loc>[^<]*/blog/${slug}</loc><lastmod>`));
});

test('a post with hostile Markdown shows its text and runs no script', async ({ page }) => {
  const stamp = Date.now();
  const title = `Hostile post ${stamp}`;
  await signInThroughUi(page, adminEmail());
  await page.goto('/admin/blog-content/new');
  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Text (Markdown)')
    .fill(
      [
        'Harmless words stay visible.',
        '<script>window.__pwned = 1</script>',
        '<img src="/nope.png" onerror="window.__pwned = 2">',
        '[a link](javascript:window.__pwned=3)',
        '<iframe src="javascript:parent.__pwned=4"></iframe>',
        '<style>body { display: none }</style>',
        '<svg><script>window.__pwned = 5</script></svg>',
      ].join('\n\n'),
    );
  await expect(page.getByRole('region', { name: 'Preview' }).getByText('Harmless words stay visible.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Post published', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();

  await page.goto(`/blog/hostile-post-${stamp}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const article = page.getByRole('article');
  await expect(article.getByText('Harmless words stay visible.')).toBeVisible();
  await expect(article.locator('script, iframe, style, svg:not([aria-hidden="true"])')).toHaveCount(0);
  await expect(article.getByRole('link', { name: 'a link' })).toHaveCount(0);
  await page.getByText('Harmless words stay visible.').click();
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  await expect(page.locator('body')).toBeVisible();
});

test('a plain user cannot reach the blog editor: sent away from /admin, the server refuses', async ({ page, request }) => {
  const email = uniqueEmail('blog-plain');
  await createAccount(request, 'Pat Plain', email);
  await signInThroughUi(page, email);
  await page.goto('/admin/blog-content/new');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByLabel('Text (Markdown)')).toHaveCount(0);
  expect((await page.request.get('/api/trpc/blog.adminList')).status()).toBe(403);
  const upload = await page.request.post('/api/uploads/blog-image', { data: Buffer.from('x'), headers: { 'content-type': 'image/png' } });
  expect(upload.status()).toBe(403);
});
