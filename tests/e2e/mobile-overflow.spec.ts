// Every page fits a 390 px phone: the document is never wider than the viewport. Each route of the
// built client's route manifest is visited as the visitor who can see it (public, a plain user on the
// free plan, the admin, who sees every signed-in page with all its parts), with some data on the page.
// A failure names the elements whose right edge passes the viewport.
import type { BrowserContext, Page } from '@playwright/test';
import { FIXTURE_ORIGIN } from './fixtures/feed-server';
import { eachView, PUBLIC, seedAccount, settle, SIGNED_IN, STAFF, trpc, unvisitedRoutes, type Samples } from './fixtures/routes';
import { adminEmail, createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';

skipWithoutBrowser();

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });

/**
 * Where the document is wider than the viewport: the elements where the overflow starts (their parent still fits);
 * and table cells with text squeezed narrower than a short word or two.
 */
function overflowReport(width: number) {
  const [CRUSH_TEXT, CRUSH_PX] = [12, 96];
  const describe = (el: Element) => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      let part = e.tagName.toLowerCase();
      if (e.id) part += `#${e.id}`;
      const testId = e.getAttribute('data-testid');
      if (testId) part += `[data-testid="${testId}"]`;
      const classes = typeof e.className === 'string' ? e.className.split(/\s+/).filter(Boolean).slice(0, 4) : [];
      if (classes.length) part += `.${classes.map((c) => CSS.escape(c)).join('.')}`;
      parts.unshift(part);
    }
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${parts.join(' > ')} (right edge ${Math.round(el.getBoundingClientRect().right)} px, ${Math.round(el.getBoundingClientRect().width)} px wide${text ? `, "${text}"` : ''})`;
  };
  const passes = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
  // Content inside a scrolling or clipping box does not widen the page.
  const clipped = (el: Element) => {
    for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    }
    return false;
  };
  const starts: string[] = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    if (!passes(el) || clipped(el) || getComputedStyle(el).position === 'fixed') continue;
    const parent = el.parentElement;
    if (parent && parent !== document.body && passes(parent)) continue;
    starts.push(describe(el));
  }
  // A table squeezed into the phone instead of scrolling breaks its words letter by letter.
  const crushed = Array.from(document.querySelectorAll('td, th'))
    .filter((c) => (c.textContent ?? '').trim().length >= CRUSH_TEXT && c.getBoundingClientRect().width > 0 && c.getBoundingClientRect().width < CRUSH_PX)
    .slice(0, 3)
    .map(describe);
  return { scrollWidth: document.documentElement.scrollWidth, starts: starts.slice(0, 6), crushed };
}

/** MOBILE_OVERFLOW_SHOTS=<folder> keeps a full-page screenshot of every view measured, to look at. */
const SHOTS = process.env.MOBILE_OVERFLOW_SHOTS;

async function measure(page: Page, where: string, problems: string[]) {
  const { scrollWidth, starts, crushed } = await page.evaluate(overflowReport, WIDTH);
  if (scrollWidth > WIDTH) problems.push(`${where} is ${scrollWidth} px wide:\n    ${starts.join('\n    ') || '(no element found)'}`);
  if (crushed.length) problems.push(`${where} squeezes table cells below 96 px instead of scrolling the table:\n    ${crushed.join('\n    ')}`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${where.replace(/[^\w-]+/g, '_')}.png`, fullPage: true });
}

/** Visits each page, and each tab of a page with tabs; returns one line per view that is wider than the phone. */
function widePages(page: Page, who: string, urls: string[]): Promise<string[]> {
  return eachView(
    page,
    who,
    urls,
    async (where) => {
      const problems: string[] = [];
      await measure(page, where, problems);
      return problems;
    },
    (p) => settle(p, 5_000),
  );
}

test('every route of the client is visited by this spec', () => {
  expect(unvisitedRoutes(), 'routes with no visit here: add them to PUBLIC, SIGNED_IN or STAFF').toEqual([]);
});

let samples: Samples;
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

// One worker runs this file's tests in order (its pages share the accounts and samples its beforeAll seeds once).
test.describe.configure({ mode: 'default' });

// The admin signs in once: a published blog post and the admin's own publication give the routes with
// parameters something to show; the session is reused by the admin's test.
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 844 } });
  const page = await context.newPage();
  await signInThroughUi(page, adminEmail());
  const seeded = await seedAccount(page, 'Staff Picks Weekly');
  const post = await trpc<{ id: string; slug: string }>(page, 'blog.create', {
    title: 'Writing newsletters people open on their phones',
    excerpt: 'Short subject lines, one column, and links that are easy to tap.',
    markdown: '## One column\n\nReaders open most issues on a phone.\n\n| Plan | Price |\n| --- | --- |\n| Basic | $9 |',
  });
  await trpc(page, 'blog.publish', { id: post.id });
  samples = { ...seeded, blogSlug: post.slug, postId: post.id };
  adminState = await context.storageState();
  await context.close();
});

test('admin pages and every signed-in page seen by the admin fit a 390 px phone', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 844 }, storageState: adminState });
  const page = await context.newPage();
  const problems = await widePages(
    page,
    'admin',
    [...Object.values(STAFF), ...Object.values(SIGNED_IN)].map((u) => u(samples)),
  );
  await context.close();
  expect(problems, problems.join('\n')).toEqual([]);
});

test('signed-in pages of a free-plan user fit a 390 px phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('phone');
  await createAccount(request, 'Phoebe Phone-Reader', email);
  await signInThroughUi(page, email);
  const own = await seedAccount(page, 'Pocket Digest');
  const problems = await widePages(
    page,
    'free user',
    Object.values(SIGNED_IN).map((u) => u({ ...samples, ...own })),
  );
  expect(problems, problems.join('\n')).toEqual([]);
});

test('public pages fit a 390 px phone', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = await widePages(
    page,
    'visitor',
    Object.values(PUBLIC).map((u) => u(samples)),
  );
  expect(problems, problems.join('\n')).toEqual([]);
});

test('every step of the workflow fits a 390 px phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 844 }, storageState: adminState });
  const page = await context.newPage();
  const pub = await trpc<{ id: string }>(page, 'publications.create', { name: 'Phone Workflow' });
  const problems: string[] = [];
  const step = async (heading: string) => {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await settle(page);
    await measure(page, `admin workflow "${heading}"`, problems);
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
  // Below 1200 px step 5 is the tabs Edit / Preview / Send: each is measured.
  for (const [tab, group, option] of [
    ['Edit', 'Layout', 'Two columns'],
    ['Preview', 'Preview width', 'Mobile'],
    ['Preview', 'Preview mode', 'Email HTML'],
  ]) {
    await page.getByRole('tablist', { name: 'Issue' }).getByRole('tab', { name: tab }).click();
    await page.getByRole('group', { name: group }).getByText(option, { exact: true }).click();
    await settle(page);
    await measure(page, `admin workflow "Preview & Send" (${group}: ${option})`, problems);
  }
  await page.getByRole('tablist', { name: 'Issue' }).getByRole('tab', { name: 'Send' }).click();
  await settle(page);
  await measure(page, 'admin workflow "Preview & Send" (Send tab)', problems);
  await context.close();
  expect(problems, problems.join('\n')).toEqual([]);
});
