// Step 4's article cards against fixture feeds: a feed without images shows no image box (and a broken
// image's box goes away), and a channel that fails shows its labelled sample entry, which links to the
// source but can never be selected, however it arrives (a click, or an old stored selection).
import type { APIRequestContext, Page } from '@playwright/test';
import { MSG } from '../../src/shared/messages';
import { createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { BROKEN_FEED_PATH, FIXTURE_ORIGIN, PLAIN_ITEMS, PLAIN_MISSING_IMAGE } from './fixtures/feed-server';
import { getPublication, trpcMutation } from './fixtures/workflow-helpers';

skipWithoutBrowser();

const channel = (name: string, url: string) => ({
  id: `fixture-${name.toLowerCase().replace(/\W+/g, '-')}`,
  name,
  url,
  description: `${name} (fixture)`,
  quality: 'medium',
  frequency: 'Daily',
  niche: 'general',
  source: '127.0.0.1',
});

/** A signed-in free user at step 4 of a publication whose one channel is the given feed. */
async function openArticleStep(page: Page, request: APIRequestContext, name: string, path: string) {
  const email = uniqueEmail('cards');
  await createAccount(request, 'Cara Cards', email);
  await signInThroughUi(page, email);
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Card Digest' });
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 4,
    workflowData: { newsletterName: 'Card Digest', selectedTheme: 'market-watch', selectedChannels: [channel(name, `${FIXTURE_ORIGIN}${path}`)] },
  });
  return pub.id;
}

/** How far below the card's top edge its title starts: an image box would push it down ~200 px. */
async function titleOffset(card: ReturnType<Page['getByRole']>, title: string) {
  const cardBox = await card.boundingBox();
  const titleBox = await card.getByText(title, { exact: true }).boundingBox();
  return (titleBox?.y ?? 0) - (cardBox?.y ?? 0);
}

test('a feed without images shows cards without image boxes, and a broken image leaves no empty box', async ({ page, request }) => {
  const id = await openArticleStep(page, request, 'Plain Text Notes', '/plain/feed.xml');
  await page.goto(`/workflow?publicationId=${id}`);
  const articles = page.getByRole('list', { name: 'Articles' });
  await expect(articles.getByRole('listitem')).toHaveCount(PLAIN_ITEMS.length);

  for (const title of PLAIN_ITEMS) {
    const card = articles.getByRole('listitem').filter({ hasText: title });
    // The broken image is requested, fails, and takes its box with it.
    await expect(card.locator('img')).toHaveCount(0);
    expect(await titleOffset(card, title), title).toBeLessThan(80);
  }
  // The card without a box still selects as before.
  await articles.getByLabel(PLAIN_MISSING_IMAGE).check();
  await expect(page.getByText('1 selected')).toBeVisible();
});

test('a failed channel shows a labelled sample entry that links to the source and cannot be selected', async ({ page, request }) => {
  const id = await openArticleStep(page, request, 'Broken Beat', BROKEN_FEED_PATH);
  await page.goto(`/workflow?publicationId=${id}`);
  const sample = page.getByRole('list', { name: 'Articles' }).getByRole('listitem').filter({ hasText: 'Latest from Broken Beat' });
  await expect(sample).toBeVisible();
  await expect(sample).toHaveAccessibleName('Latest from Broken Beat');
  await expect(sample.getByText('Sample article', { exact: true })).toBeVisible();
  await expect(sample.getByRole('note')).toHaveText(MSG.sampleNotSelectable);
  await expect(sample.getByRole('link', { name: /Open the source/ })).toHaveAttribute('href', new RegExp(`^${FIXTURE_ORIGIN}`));
  await expect(sample.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Articles' }).getByRole('checkbox')).toHaveCount(0);

  // Clicking anywhere on it selects nothing.
  await sample.getByText('Latest from Broken Beat', { exact: true }).click();
  await sample.click({ position: { x: 10, y: 10 } });
  await expect(page.getByText('0 articles · 0 selected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  expect((await getPublication(page, id)).workflowData.selectedArticles).toEqual([]);
});

test('a stored selection holding a sample entry is cleaned when the workflow opens', async ({ page, request }) => {
  const id = await openArticleStep(page, request, 'Plain Text Notes', '/plain/feed.xml');
  // The server cleans what it stores; an older client or row could still hand one over, so the answer is altered in transit.
  const stale = {
    id: 'sample-stale0001',
    title: 'Latest from Old Source',
    summary: 'Sample entry',
    url: 'https://example.com/',
    publishDate: new Date().toISOString(),
    source: 'Old Source',
    channelUrl: 'https://example.com/feed',
    category: 'General',
    readTime: '1 min',
    aiEnhanced: false,
    imageUrl: null,
    isSample: true,
  };
  await page.route(/\/api\/trpc\/[^?]*publications\.get/, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { result?: { data?: { id?: string; workflowData?: { selectedArticles: unknown[] } } } }[];
    for (const part of body) if (part.result?.data?.id === id) part.result.data.workflowData!.selectedArticles = [stale];
    await route.fulfill({ response: res, json: body });
  });
  await page.goto(`/workflow?publicationId=${id}`);
  await expect(page.getByRole('list', { name: 'Articles' }).getByRole('listitem')).toHaveCount(PLAIN_ITEMS.length);
  await expect(page.getByText(`${PLAIN_ITEMS.length} articles · 0 selected`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();

  // A real pick saves without the stale sample riding along.
  await page.getByRole('list', { name: 'Articles' }).getByLabel(PLAIN_ITEMS[0]).check();
  await expect.poll(async () => (await getPublication(page, id)).workflowData.selectedArticles.map((a) => a.title)).toEqual([PLAIN_ITEMS[0]]);
});
