// The web version a mail links to ("View in your browser"), in a browser without JavaScript: a page of
// the publication (its name in the header, a link to its archive, a subscribe form), the issue without
// the mail's own lines, at phone and desktop widths in light and dark; a visitor subscribes there.
import Database from 'better-sqlite3';
import { createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { EXAMPLE_ARTICLE, EXAMPLE_CHANNEL, E2E_DB, trpcMutation, verifyAddressInSendPanel } from './fixtures/workflow-helpers';

skipWithoutBrowser();

const SHOTS = process.env.WEB_VERSION_SHOTS;

/** The "View in your browser" address of the newest issue mailed to a reader. */
function webUrlFor(address: string): string {
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select text from outbox where to_address = ? order by created_at desc').get(address) as { text: string } | undefined;
    const url = /View in your browser: (\S+)/.exec(row?.text ?? '')?.[1];
    expect(url, `an issue mailed to ${address}`).toBeTruthy();
    return url!;
  } finally {
    db.close();
  }
}

test('the web version linked from a mail is a page of the publication, and a visitor subscribes there without JavaScript', async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail('webcopy');
  const tag = email.split('@')[0];
  const name = `Tide Letters ${tag}`;
  await createAccount(request, 'Wren Writer', email);
  await signInThroughUi(page, email);
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name });
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 5,
    workflowData: { newsletterName: name, selectedTheme: 'market-watch', selectedChannels: [EXAMPLE_CHANNEL], selectedArticles: [EXAMPLE_ARTICLE] },
  });
  const reader = `reader-${tag}@example.com`;
  await trpcMutation(page, 'subscribers.add', { publicationId: pub.id, email: reader, name: 'Rae' });
  await page.goto(`/workflow?publicationId=${pub.id}`);
  await verifyAddressInSendPanel(page, email);
  await page.getByRole('button', { name: 'Send to subscribers' }).click();
  await page.getByRole('button', { name: 'Send to 1' }).click();
  await expect(page.getByTestId('send-progress')).toContainText('Sent', { timeout: 15_000 });

  const url = webUrlFor(reader);
  const slug = /\/p\/([^/]+)\/issues\//.exec(url)![1];
  const visitorContext = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await visitorContext.newPage();
  for (const width of [1280, 390]) {
    await visitor.setViewportSize({ width, height: 900 });
    await visitor.goto(url);
    await expect(visitor.getByRole('banner')).toContainText(name);
    await expect(visitor.getByRole('banner').getByRole('link', { name: 'All issues' })).toHaveAttribute('href', `/p/${slug}`);
    await expect(visitor.getByRole('main').getByRole('article').first()).toContainText(EXAMPLE_ARTICLE.title);
    await expect(visitor.getByRole('heading', { name: `Subscribe to ${name}` })).toBeVisible();
    await expect(visitor.getByText('You are receiving this email')).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: 'Unsubscribe' })).toHaveCount(0);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (SHOTS)
      for (const scheme of ['light', 'dark'] as const) {
        await visitor.emulateMedia({ colorScheme: scheme });
        await visitor.screenshot({ path: `${SHOTS}/web-version-${width}-${scheme}.png`, fullPage: true });
      }
    await visitor.emulateMedia({ colorScheme: 'light' });
  }

  const newcomer = `newcomer-${tag}@example.com`;
  await visitor.getByLabel('Email').fill(newcomer);
  await visitor.getByLabel('First name (optional)').fill('Nia');
  await visitor.getByRole('button', { name: 'Subscribe' }).click();
  await expect(visitor.getByRole('status')).toHaveText('Check your inbox to confirm your subscription.');
  if (SHOTS) await visitor.screenshot({ path: `${SHOTS}/web-version-390-subscribed.png`, fullPage: true });
  await visitorContext.close();

  await page.goto(`/subscribers?publicationId=${pub.id}`);
  await expect(page.getByRole('row').filter({ hasText: newcomer })).toContainText('pending');
});
