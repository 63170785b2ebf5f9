// Signup forms on another site, end to end: a creator makes a form on the Subscribers page and copies
// its code; a page on another loopback origin carries that code (and the iframe variant); a reader
// whose browser runs no JavaScript submits it, sees the thank-you page, gets the confirmation mail and
// confirms; the reader then shows up with the form as their source.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { outboxFor, trpcMutation } from './fixtures/workflow-helpers';

skipWithoutBrowser();

/**
 * Another site: serves whatever page it is given, on its own loopback origin (a port the system picks:
 * E2E_PORT + 7…10 belong to other specs' fixtures and the Stripe server).
 */
async function otherSite(): Promise<{ url: string; serve(html: string): void; close(): Promise<void> }> {
  let page = '';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    serve: (html) =>
      (page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title></head><body><h1>Another site</h1>${html}</body></html>`),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const confirmLinkIn = (address: string) => {
  const mails = outboxFor(address);
  expect(mails, `a confirmation mail to ${address}`).toHaveLength(1);
  const link = /https?:\/\/[^"\s]+\/confirm\?token=[\w-]+/.exec(mails[0]!.html ?? '')?.[0];
  expect(link).toBeTruthy();
  return { subject: mails[0]!.subject, link: link! };
};

test('a reader joins through a form embedded on another origin without JavaScript, and confirms', async ({ page, request, browser }) => {
  // Two browser contexts, three origins and two mails: longer than one page's journey.
  test.setTimeout(90_000);
  const email = uniqueEmail('forms');
  const tag = email.split('@')[0];
  await createAccount(request, 'Fern Former', email);
  await signInThroughUi(page, email);
  await trpcMutation(page, 'publications.create', { name: `Moss Letters ${tag}` });

  await page.goto('/publications');
  await page.getByRole('link', { name: 'Subscribers' }).click();
  await expect(page.getByRole('heading', { name: 'Signup forms' })).toBeVisible();
  await expect(page.getByText('No signup forms yet.')).toBeVisible();
  await page.getByLabel('Form name').fill('Blog sidebar');
  await page.getByLabel('Tag (optional)').fill('from-blog');
  await page.getByRole('button', { name: 'Create form' }).click();
  const card = page.getByRole('listitem', { name: 'Blog sidebar' });
  await expect(card.getByText('tag: from-blog')).toBeVisible();

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: 'Copy HTML' }).click();
  await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
  const htmlCode = await page.evaluate(() => navigator.clipboard.readText());
  expect(htmlCode).toContain(`action="${new URL(page.url()).origin}/f/`);
  await card.getByRole('button', { name: 'Copy iframe' }).click();
  const iframeCode = await page.evaluate(() => navigator.clipboard.readText());
  expect(iframeCode).toMatch(/^<iframe src="http:\/\/127\.0\.0\.1:\d+\/f\/[\w-]+"/);

  const site = await otherSite();
  const reader = await browser.newContext({ javaScriptEnabled: false });
  try {
    // The plain HTML form, pasted into a page of another origin.
    site.serve(htmlCode);
    const visitor = await reader.newPage();
    await visitor.goto(site.url);
    await expect(visitor.getByRole('heading', { name: 'Another site' })).toBeVisible();
    const plain = `plain-${tag}@example.com`;
    await visitor.getByLabel('Email').fill(plain);
    await visitor.getByLabel('Name (optional)').fill('Pia');
    await visitor.getByRole('button', { name: 'Subscribe' }).click();
    await expect(visitor.getByRole('status')).toHaveText('Check your inbox to confirm your subscription.');
    await expect(visitor.getByRole('heading', { name: `Moss Letters ${tag}` })).toBeVisible();
    const mail = confirmLinkIn(plain);
    expect(mail.subject).toBe(`Confirm your subscription to Moss Letters ${tag}`);
    // The confirmation page is the app's client page: it needs JavaScript, as the hosted signup page does.
    const confirmer = await browser.newPage();
    await confirmer.goto(mail.link);
    await expect(confirmer.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
    await confirmer.close();

    // The iframe variant on the same other site: the app's form page inside it, framed across origins.
    site.serve(iframeCode);
    await visitor.goto(site.url);
    const frame = visitor.frameLocator('iframe');
    const framed = `framed-${tag}@example.com`;
    await frame.getByLabel('Email').fill(framed);
    // The form refuses posts made faster than a person types (2 s after the page was rendered).
    await visitor.waitForTimeout(2100);
    await frame.getByRole('button', { name: 'Subscribe' }).click();
    await expect(frame.getByRole('status')).toHaveText('Check your inbox to confirm your subscription.');
    expect(confirmLinkIn(framed).link).toContain('/confirm?token=');
  } finally {
    await reader.close();
    await site.close();
  }

  await page.reload();
  await page.getByLabel('Filter by status').selectOption('active');
  const row = page.getByRole('row').filter({ hasText: `plain-${tag}@example.com` });
  await expect(row).toContainText('Pia');
  await expect(row).toContainText('form');
  await page.getByLabel('Filter by status').selectOption('pending');
  await expect(page.getByRole('row').filter({ hasText: `framed-${tag}@example.com` })).toContainText('form');
});
