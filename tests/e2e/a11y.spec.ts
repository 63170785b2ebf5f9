// WCAG 2.2 AA on every page, checked by axe-core (the engine of most accessibility audits): each route of the
// built client's route manifest, as the visitor who can see it (a visitor, a creator on the free plan, the admin
// who sees every signed-in page with all its parts), in light and dark, at 1280 and 390 px, and each of the
// workflow's five steps. Any serious or critical violation fails, named with its rule, its elements and why. At
// 390 px every view is also measured against the phone's width (fixtures/overflow.ts): nothing scrolls sideways.
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { FIXTURE_ORIGIN } from './fixtures/feed-server';
import { measureOverflow } from './fixtures/overflow';
import { eachView, PUBLIC, seedAccount, settle, SIGNED_IN, STAFF, trpc, unvisitedRoutes, type Samples } from './fixtures/routes';
import { adminEmail, createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';

skipWithoutBrowser();

const WIDTHS = [1280, 390] as const;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * Rules outside the WCAG tags that still fail at any impact: headings in order, one main landmark and all content
 * in landmarks, one h1, and a control's name that contains its visible words (2.5.3, still "experimental" in axe).
 */
const STRUCTURE = new Set([
  'heading-order',
  'landmark-one-main',
  'page-has-heading-one',
  'region',
  'landmark-unique',
  'landmark-no-duplicate-main',
  'landmark-main-is-top-level',
  'label-content-name-mismatch',
]);

/** Every rule of the WCAG 2.x A/AA tags, and the structure rules. */
const ALL_RULES = [...new Set([...axe.getRules(TAGS).map((r) => r.ruleId), ...STRUCTURE])];
/**
 * A colour scheme changes colours and nothing else (the same DOM, the same layout): the second scheme of a view is
 * checked by the rules that read colours, contrast and a link told apart from its text by colour alone (1.4.1).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Pages (and views of pages) checked and axe checks passed, for the closing figures (A11Y_SUMMARY=1 prints them). */
const tally = { views: 0, passes: 0 };

type Scheme = 'light' | 'dark';
/** The scheme each page shows now: a view is checked in that one first, so each view switches once. */
const shown = new WeakMap<Page, Scheme>();

async function setScheme(page: Page, scheme: Scheme) {
  shown.set(page, scheme);
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  // The app follows the system setting live (lib/theme.ts); reader pages and the e-mail previews by media query.
  await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);
  // Colours that fade to the new scheme are measured once they arrive (endless animations such as spinners aside).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity || a.playState !== 'running'));
}

/** One line per serious or critical violation of `rules` on the page as it is now. */
async function violations(page: Page, where: string, rules: string[]): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(rules).analyze();
  tally.views += 1;
  tally.passes += results.passes.length;
  return results.violations
    .filter((v) => STRUCTURE.has(v.id) || ((v.impact === 'serious' || v.impact === 'critical') && v.tags.some((t) => TAGS.includes(t))))
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 4)
        .map((n) => `      ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? ''}`)
        .join('\n');
      return `${where}: ${v.id} (${v.impact}, ${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}) ${v.help}\n${nodes}`;
    });
}

/**
 * The page as it is now: every rule in the scheme it shows, the colour rules in the other; at phone width also
 * whether it fits the screen (no sideways scrolling, tables that scroll instead of crushing their cells).
 */
async function checkView(page: Page, where: string, problems: string[]) {
  const first = shown.get(page) ?? 'light';
  const second: Scheme = first === 'light' ? 'dark' : 'light';
  await setScheme(page, first);
  problems.push(...(await violations(page, `${where} [${first}]`, ALL_RULES)));
  if ((page.viewportSize()?.width ?? 1280) < 800) await measureOverflow(page, where, problems);
  await setScheme(page, second);
  problems.push(...(await violations(page, `${where} [${second}]`, COLOUR_RULES)));
}

/** Visits each page, and each tab of a page with tabs, in both schemes. */
function sweep(page: Page, who: string, urls: string[]): Promise<string[]> {
  return eachView(page, who, urls, async (where) => {
    const problems: string[] = [];
    await checkView(page, where, problems);
    return problems;
  });
}

test('every route of the client is swept here', () => {
  expect(unvisitedRoutes(), 'routes with no visit here: add them to PUBLIC, SIGNED_IN or STAFF in fixtures/routes.ts').toEqual([]);
});

// Each worker seeds its own data once (the admin's publication and a published post, a creator with a publication).
test.describe.configure({ mode: 'parallel' });

let samples: Samples;
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;
let creator: { state: Awaited<ReturnType<BrowserContext['storageState']>>; own: Pick<Samples, 'publicationId' | 'publicationSlug' | 'subscriberId'> };

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughUi(page, email);
  return { context, page };
}

test.beforeAll(async ({ browser }) => {
  const admin = await signedIn(browser, adminEmail());
  const seeded = await seedAccount(admin.page, 'Staff Picks Weekly');
  const post = await trpc<{ id: string; slug: string }>(admin.page, 'blog.create', {
    title: 'Writing newsletters people read with any eyes',
    excerpt: 'Contrast, headings and link text that make sense alone.',
    markdown: '## Headings in order\n\nOne `h1`, then `h2`.\n\n| Plan | Price |\n| --- | --- |\n| Basic | $9 |',
  });
  await trpc(admin.page, 'blog.publish', { id: post.id });
  samples = { ...seeded, blogSlug: post.slug, postId: post.id };
  adminState = await admin.context.storageState();
  await admin.context.close();

  const email = uniqueEmail('a11y');
  const context = await browser.newContext();
  // The sign-up answer signs the context in.
  await createAccount(context.request, 'Ada Access', email);
  const page = await context.newPage();
  creator = { own: await seedAccount(page, 'Open Door Digest'), state: await context.storageState() };
  await context.close();
});

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 900 : 844 } });

    test(`public pages pass WCAG 2.2 AA at ${width} px`, async ({ page }) => {
      test.setTimeout(450_000);
      const problems = await sweep(
        page,
        'visitor',
        Object.values(PUBLIC).map((u) => u(samples)),
      );
      expect(problems, problems.join('\n')).toEqual([]);
    });

    test(`a creator's signed-in pages pass WCAG 2.2 AA at ${width} px`, async ({ browser }) => {
      test.setTimeout(450_000);
      const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: creator.state });
      const page = await context.newPage();
      const problems = await sweep(
        page,
        'creator',
        Object.values(SIGNED_IN).map((u) => u({ ...samples, ...creator.own })),
      );
      await context.close();
      expect(problems, problems.join('\n')).toEqual([]);
    });

    for (const [what, routes] of [
      ['admin pages', STAFF],
      ["the admin's view of every signed-in page (every part shown)", SIGNED_IN],
    ] as const) {
      test(`${what} pass WCAG 2.2 AA at ${width} px`, async ({ browser }) => {
        test.setTimeout(450_000);
        const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: adminState });
        const page = await context.newPage();
        const problems = await sweep(
          page,
          'admin',
          Object.values(routes).map((u) => u(samples)),
        );
        await context.close();
        expect(problems, problems.join('\n')).toEqual([]);
      });
    }

    test(`every step of the workflow passes WCAG 2.2 AA at ${width} px`, async ({ browser }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: adminState });
      const page = await context.newPage();
      const pub = await trpc<{ id: string }>(page, 'publications.create', { name: `Accessible Workflow ${width}` });
      const problems: string[] = [];
      const step = async (heading: string, view = heading) => {
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
        await settle(page);
        await checkView(page, `workflow "${view}" at ${width} px`, problems);
      };
      const cont = page.getByRole('button', { name: 'Continue' });

      await page.goto(`/workflow?publicationId=${pub.id}`);
      await step('Name Your Newsletter');
      await cont.click();
      await step('Choose Your Newsletter Theme');
      await page.getByRole('article', { name: 'Market Watch' }).getByRole('button', { name: 'Use This Theme' }).click();

      await expect(page.getByRole('heading', { name: 'Select Content Channels' })).toBeVisible();
      await page.getByLabel('Search by topic or niche').fill('technology');
      await page.getByRole('button', { name: 'Find Channels' }).click();
      await expect(page.getByRole('list', { name: 'Found channels' }).getByRole('listitem').first()).toBeVisible();
      await page.getByLabel('Add a channel by site address').fill(`${FIXTURE_ORIGIN}/`);
      await page.getByRole('button', { name: 'Add Channel' }).click();
      await expect(page.getByRole('list', { name: 'Selected channels' }).getByRole('listitem')).toHaveCount(1);
      await step('Select Content Channels');
      await cont.click();

      const articles = page.getByRole('list', { name: 'Articles' });
      await expect(articles.getByRole('listitem')).toHaveCount(8);
      await articles.getByRole('checkbox').nth(0).check();
      await articles.getByRole('checkbox').nth(1).check();
      await step('Choose Articles');
      await cont.click();

      await step('Preview & Send');
      const tab = (name: string) => page.getByRole('tablist', { name: 'Issue' }).getByRole('tab', { name }).click();
      const choose = async (group: string, option: string, view: string) => {
        await page.getByRole('group', { name: group }).getByText(option, { exact: true }).click();
        await step('Preview & Send', `Preview & Send (${view})`);
      };
      if (width < 1200) {
        // Below 1200 px step 5 is the tabs Edit / Preview / Send, each with its choices.
        await choose('Layout', 'Two columns', 'Edit tab, two columns');
        await tab('Preview');
        await step('Preview & Send', 'Preview & Send (Preview tab)');
        await choose('Preview width', 'Mobile', 'Preview tab, mobile width');
        await choose('Preview mode', 'Email HTML', 'Preview tab, Email HTML');
        await tab('Send');
        await step('Preview & Send', 'Preview & Send (Send tab)');
      } else {
        await choose('Preview mode', 'Email HTML', 'Email HTML');
      }
      await context.close();
      expect(problems, problems.join('\n')).toEqual([]);
    });
  });
}

test.afterAll(() => {
  if (process.env.A11Y_SUMMARY) console.log(`a11y: ${tally.views} views checked, ${tally.passes} axe checks passed`);
});
