// Analytics end to end: a Professional creator sends an issue to one reader; the reader's mail (read
// from the e2e outbox) is opened (its pixel) and one tracked link is clicked, landing on the fixture
// article; /analytics then shows one open and one click for the issue and the link in its table.
import Database from 'better-sqlite3';
import { expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { E2E_DB, EXAMPLE_CHANNEL, createUserWithPlan, trpcMutation } from './fixtures/workflow-helpers';
import { FIXTURE_ORIGIN } from './fixtures/feed-server';

skipWithoutBrowser();

function mailHtmlFor(address: string): string {
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select html from outbox where to_address = ? order by created_at desc').get(address) as { html: string } | undefined;
    expect(row, `a newsletter mailed to ${address}`).toBeTruthy();
    return row!.html;
  } finally {
    db.close();
  }
}

test('send an issue, open it and click a link from the mail, and see the numbers on /analytics', async ({ page }) => {
  const email = uniqueEmail('analyst');
  const reader = uniqueEmail('reader');
  createUserWithPlan(email, 'Ana Analyst', 'professional');
  await signInThroughUi(page, email);

  // Before any issue: the honest empty state.
  await page.goto('/analytics');
  await expect(page.getByText('No issues sent yet')).toBeVisible();

  const articleUrl = `${FIXTURE_ORIGIN}/plain/articles/1`;
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Tide Tables' });
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 5,
    workflowData: {
      newsletterName: 'Tide Tables',
      selectedTheme: 'market-watch',
      selectedChannels: [EXAMPLE_CHANNEL],
      selectedArticles: [
        {
          id: 'fixture-1',
          title: 'Spring tides reach the old quay',
          summary: 'The highest tides of the year arrive this weekend.',
          url: articleUrl,
          publishDate: new Date().toISOString(),
          source: 'Fixture Feed',
          channelUrl: EXAMPLE_CHANNEL.url,
          category: 'News',
          readTime: '2 min',
          aiEnhanced: false,
        },
      ],
    },
  });
  await trpcMutation(page, 'subscribers.add', { publicationId: pub.id, email: reader, name: 'Rita Reader' });

  // Send from step 5: the dialog shows the publication's tracking switches (on by default).
  await page.goto(`/workflow?publicationId=${pub.id}`);
  await expect(page.getByText('1 active subscriber')).toBeVisible();
  await page.getByRole('button', { name: 'Send to subscribers' }).click();
  await expect(page.getByRole('switch', { name: 'Track opens' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Track clicks' })).toBeChecked();
  await page.getByRole('button', { name: 'Send to 1' }).click();
  await expect(page.getByTestId('send-progress')).toContainText('Sent', { timeout: 15_000 });

  // The reader's mail: its pixel and its tracked links, no original article address left in an href.
  const html = mailHtmlFor(reader);
  const pixel = /src="([^"]+\/t\/o\/[^"]+\.gif)"/.exec(html)?.[1];
  const links = [...html.matchAll(/href="([^"]+\/t\/c\/[^"]+)"/g)].map((m) => m[1]!);
  expect(pixel).toBeTruthy();
  expect(links.length).toBeGreaterThan(0);
  expect(html).not.toContain(`href="${articleUrl}"`);

  // The reader opens the mail (the image loads), then clicks the article's link.
  const image = await page.request.get(pixel!, { headers: { 'user-agent': await page.evaluate(() => navigator.userAgent) } });
  expect(image.headers()['content-type']).toBe('image/gif');
  await page.goto(links[0]!);
  await expect(page).toHaveURL(articleUrl);
  await expect(page.getByText('Fixture article 1.')).toBeVisible();

  // A tampered link is refused, never followed.
  await page.goto(links[0]!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
  await expect(page.getByRole('heading', { name: 'This link is not valid.' })).toBeVisible();

  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  const row = page.getByTestId('issues-table').getByRole('row').filter({ hasText: 'Tide Tables' });
  await expect(row).toHaveCount(1);
  const cells = row.getByRole('cell');
  // Sent, Recipients, Delivered, Opens, Unique opens, Human-likely opens, Clicks, Unique clicks, ...
  await expect(cells.nth(1)).toHaveText('1');
  await expect(cells.nth(3)).toHaveText('1');
  await expect(cells.nth(4)).toHaveText('1');
  await expect(cells.nth(5)).toHaveText('1');
  await expect(cells.nth(6)).toHaveText('1');
  await expect(cells.nth(7)).toHaveText('1');
  const linkRow = page.getByTestId('links-table').getByRole('row').filter({ hasText: articleUrl }).first();
  await expect(linkRow).toContainText('Spring tides reach the old quay');
  await expect(linkRow.getByRole('cell').first()).toHaveText('1');
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/analytics/export');
});
