// AI Magic on fixture feeds: a professional creator finds articles of their own channel for a topic,
// has the built-in engine write a blog post whose citations link to those articles, saves it as a
// draft and finds the same text again after a reload of ?job=; a free plan sees only the upgrade notice.
import type { Page } from '@playwright/test';
import { createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { createUserWithPlan, trpcMutation } from './fixtures/workflow-helpers';
import { FIXTURE_ORIGIN } from './fixtures/feed-server';
import { AI_MSG } from '../../src/shared/schemas/ai';
import { MSG } from '../../src/shared/messages';

skipWithoutBrowser();

/** A publication whose one channel is the fixture RSS feed (Green Ledger Daily, eight articles). */
async function addFixtureChannel(page: Page) {
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Green Digest' });
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 4,
    workflowData: {
      newsletterName: 'Green Digest',
      selectedTheme: 'newsprint',
      selectedChannels: [
        {
          id: 'fixture-green-ledger',
          name: 'Green Ledger Daily',
          url: `${FIXTURE_ORIGIN}/feed.xml`,
          description: 'Green Ledger Daily (fixture)',
          quality: 'medium',
          frequency: 'Daily',
          niche: 'general',
          source: '127.0.0.1',
        },
      ],
    },
  });
}

test('a professional creator writes a cited blog post from their channel, saves it as a draft and sees it again after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('ai-pro');
  createUserWithPlan(email, 'Pia Pro', 'professional');
  await signInThroughUi(page, email);
  await addFixtureChannel(page);

  await page.goto('/ai-magic');
  await expect(page.getByRole('heading', { name: 'AI Magic', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^AI Magic · /);
  await expect(page.getByTestId('ai-engine')).toContainText('Built-in engine');
  await expect(page.getByTestId('ai-quota')).toContainText('0 of 1,000 generations used this month');

  const kinds = page.getByRole('radiogroup', { name: 'What to create' });
  await expect(kinds.getByRole('radio', { name: 'Newsletter' })).toHaveAttribute('aria-checked', 'true');
  // The kinds are one radio group: arrow keys move the choice (and the focus) to the next card.
  await kinds.getByRole('radio', { name: 'Newsletter' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(kinds.getByRole('radio', { name: 'Blog post' })).toHaveAttribute('aria-checked', 'true');
  await expect(kinds.getByRole('radio', { name: 'Blog post' })).toBeFocused();
  await expect(kinds.getByRole('radio', { name: 'Newsletter' })).toHaveAttribute('aria-checked', 'false');

  await page.getByRole('textbox', { name: 'Topic' }).fill('batteries');
  await page.getByRole('button', { name: 'Find articles' }).click();
  const articles = page.getByRole('list', { name: 'Articles to write from' });
  await expect(articles.getByRole('listitem')).toHaveCount(8);
  const checked = articles.getByRole('checkbox', { checked: true });
  await expect(checked).toHaveCount(5);
  // Both articles that mention batteries are ranked among the five.
  await expect(articles.getByRole('checkbox', { name: 'Why grid batteries keep getting cheaper' })).toBeChecked();
  await expect(articles.getByRole('checkbox', { name: 'Solar farms now outproduce coal in three states' })).toBeChecked();
  const chosenUrls = await articles
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { checked: true }) })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(chosenUrls).toHaveLength(5);

  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page).toHaveURL(/\/ai-magic\?job=[\w-]+$/);
  const result = page.getByRole('region', { name: 'Blog post: batteries' });
  const text = result.getByTestId('generated-text');
  await expect(text).toContainText('Batteries: what 5 sources report');
  await expect(text).toContainText('Why grid batteries keep getting cheaper');
  await expect(result.getByRole('status').filter({ hasText: 'Writing…' })).toHaveCount(0);

  // Every citation links to one of the chosen fixture articles, in a new tab, named by its title.
  const citations = text.getByRole('link', { name: /^Source \d+: / });
  expect(await citations.count()).toBeGreaterThanOrEqual(5);
  for (const link of await citations.all()) {
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`^${FIXTURE_ORIGIN}/green/articles/\\d+$`));
    expect(chosenUrls).toContain(href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  // [1] is the first article of the list, [5] the last checked one.
  await expect(text.getByRole('link', { name: /^Source 1: / }).first()).toHaveAttribute('href', chosenUrls[0]!);
  await expect(text.getByRole('link', { name: /^Source 5: / }).first()).toHaveAttribute('href', chosenUrls[4]!);
  await expect(page.getByTestId('ai-quota')).toContainText('1 of 1,000 generations used this month');
  const written = (await text.textContent()) ?? '';
  expect(written.length).toBeGreaterThan(200);

  // Saved as it is, under the heading's title.
  await expect(result.getByLabel('Title')).toHaveValue('Batteries: what 5 sources report');
  await expect(result.getByRole('button', { name: 'Save as newsletter draft' })).toHaveCount(0);
  await result.getByRole('button', { name: 'Save as blog draft' }).click();
  await expect(page.getByText('Draft saved', { exact: true })).toBeVisible();
  const drafts = page.getByRole('list', { name: 'Drafts' });
  await expect(drafts.getByRole('listitem')).toHaveCount(1);
  await expect(drafts.getByRole('listitem').first()).toContainText('Batteries: what 5 sources report');
  await expect(drafts.getByRole('listitem').first()).toContainText('Blog post');

  // The address keeps the generation: a reload shows the same text.
  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(text).toHaveText(written);
  await expect(text.getByRole('link', { name: /^Source \d+: / })).toHaveCount(await citations.count());
  await expect(page.getByRole('list', { name: 'Recent generations' }).getByRole('button', { name: /batteries/ })).toHaveAttribute('aria-current', 'true');
});

test('a free plan sees only the upgrade notice on /ai-magic', async ({ page, request }) => {
  const email = uniqueEmail('ai-free');
  await createAccount(request, 'Fred Free', email);
  await signInThroughUi(page, email);
  await page.goto('/ai-magic');
  await expect(page.getByRole('heading', { name: 'AI Magic', level: 1 })).toBeVisible();
  await expect(page.getByText(AI_MSG.notAvailable, { exact: true })).toBeVisible();
  const upgrade = page.getByRole('link', { name: MSG.upgradeYourPlan });
  await expect(upgrade).toHaveAttribute('href', '/upgrade');
  await expect(page.getByRole('button', { name: 'Generate', exact: true })).toHaveCount(0);
  await expect(page.getByRole('radiogroup', { name: 'What to create' })).toHaveCount(0);
  await upgrade.click();
  await expect(page).toHaveURL(/\/upgrade$/);
});
