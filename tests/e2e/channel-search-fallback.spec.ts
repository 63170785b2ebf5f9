// Step 3 when the channel search request itself fails (spec §8): the previous topic's results go, the
// built-in sample channels for the new topic take their place with 'Failed to search channels. Using
// default channels.', whether the network dropped the request or the server answered 500. And when the
// search works but finds nothing (issue 43): it says so, shows no channels, and offers a site's address
// and OPML import. CHANNEL_SEARCH_SHOTS=<folder> keeps screenshots of both answers at 1280 and 390 px,
// light and dark.
import { MSG } from '../../src/shared/messages';
import { sampleChannelsFor } from '../../src/shared/sample-channels';
import { createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { trpcMutation } from './fixtures/workflow-helpers';
import type { Page } from '@playwright/test';

const SHOTS = process.env.CHANNEL_SEARCH_SHOTS;

skipWithoutBrowser();

const SEARCH = /\/api\/trpc\/channels\.search\b/;

async function openChannelStep(page: Page, request: Parameters<typeof createAccount>[0]) {
  const email = uniqueEmail('search-fallback');
  await createAccount(request, 'Sol Search', email);
  await signInThroughUi(page, email);
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Fallback Digest' });
  await trpcMutation(page, 'wizard.saveProgress', { publicationId: pub.id, currentStep: 3, workflowData: { selectedTheme: 'market-watch' } });
  await page.goto(`/workflow?publicationId=${pub.id}`);
  await expect(page.getByRole('heading', { name: 'Select Content Channels' })).toBeVisible();
}

async function search(page: Page, topic: string) {
  await page.getByLabel('Search by topic or niche').fill(topic);
  await page.getByRole('button', { name: 'Find Channels' }).click();
}

for (const [how, fail] of [
  ['the network drops the request', (page: Page) => page.route(SEARCH, (route) => route.abort('connectionreset'))],
  [
    'the server answers 500',
    (page: Page) =>
      page.route(SEARCH, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify([
            { error: { message: MSG.internalError, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'channels.search' } } },
          ]),
        }),
      ),
  ],
] as const) {
  test(`a failed search replaces the previous results with the sample channels when ${how}`, async ({ page, request }) => {
    await openChannelStep(page, request);
    const found = page.getByRole('list', { name: 'Found channels' });

    await search(page, 'technology');
    await expect(page.getByTestId('search-message')).toContainText('technology');
    await expect(found.getByRole('listitem')).toHaveCount(12);
    const technologyFirst = (await found.getByRole('heading').first().textContent()) ?? '';

    await fail(page);
    await search(page, 'science news');
    await expect(page.getByTestId('search-message')).toHaveText(MSG.searchFailed);
    const samples = sampleChannelsFor('science news');
    expect(samples.map((c) => c.name)).toEqual(['ScienceDaily']);
    await expect(found.getByRole('heading')).toHaveText(samples.map((c) => c.name));
    await expect(found.getByText('Sample channel', { exact: true })).toHaveCount(samples.length);
    await expect(found.getByText(technologyFirst, { exact: true })).toHaveCount(0);

    // A topic no sample matches shows all three.
    await search(page, 'knitting');
    await expect(page.getByTestId('search-message')).toHaveText(MSG.searchFailed);
    await expect(found.getByRole('heading')).toHaveText(sampleChannelsFor('knitting').map((c) => c.name));
    await expect(found.getByRole('listitem')).toHaveCount(3);
  });
}

test('a topic outside technology finds its channels; a topic with no match says so and offers an address or OPML', async ({ page, request }) => {
  await openChannelStep(page, request);
  const found = page.getByRole('list', { name: 'Found channels' });
  const shoot = async (name: string) => {
    if (!SHOTS) return;
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.getByTestId('search-message').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png` });
      }
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: 'light' });
  };

  await search(page, 'boats');
  await expect(page.getByTestId('search-message')).toHaveText(/^Found \d+ channels for "boats"$/);
  await expect(found.getByRole('heading', { name: 'Yachting Monthly' })).toBeVisible();
  expect(await found.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
  await expect(found.getByText('Sample channel', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('search-no-match')).toHaveCount(0);
  await shoot('boats');

  await search(page, 'qwzxv');
  await expect(page.getByTestId('search-message')).toHaveText('No channels found for “qwzxv”.');
  await expect(found).toHaveCount(0);
  await expect(page.getByText('Sample channel', { exact: true })).toHaveCount(0);
  const noMatch = page.getByTestId('search-no-match');
  await expect(noMatch).toBeVisible();
  await shoot('no-match');

  await noMatch.getByRole('button', { name: "Paste a site's address" }).click();
  await expect(page.getByLabel('Add a channel by site address')).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await noMatch.getByRole('button', { name: 'Import an OPML file' }).click();
  expect((await chooser).isMultiple()).toBe(false);
});
