// The built app answers 404 (with the client's not-found page) for addresses no route matches, and 200
// for real routes, parameterised ones included; a blog post's address is a route only while the post is
// published (a published post answering 200 is covered by blog.spec.ts).
import { MSG } from '../../src/shared/messages';
import { expect, skipWithoutBrowser, test } from './support';

skipWithoutBrowser();

test('an unknown address is a real 404 showing the not-found page; routes answer 200', async ({ page }) => {
  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText(MSG.notFoundPage)).toBeVisible();
  for (const path of ['/', '/auth', '/blog', '/admin/integrations/brevo']) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
  }
});

test("the address of a post that does not exist is a 404 showing the blog's not-found page", async ({ page }) => {
  const missing = await page.goto('/blog/no-such-post-here');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Post not found', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All posts' })).toBeVisible();
});
