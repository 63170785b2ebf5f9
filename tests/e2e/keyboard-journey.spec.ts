// The newcomer's journey with the keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11): sign up from the
// landing page's "Get Started", prove the address with the code mailed at sign-up, make a publication,
// run the five steps (name, theme, channels, articles, preview & send: reorder the stories there), send to
// the subscribers and open the report. Only page.keyboard moves and acts: Tab, Shift+Tab, Enter,
// Space, arrows and typing. At every stop focus must show a ring and lie clear of the sticky bars and
// toasts (fixtures/keyboard.ts); after a step change focus is on the new step's heading, after a dialog
// it is back on its opener. Setup that is not the journey goes through the API: the plan with reports
// (set by the admin) and the one reader.
import { createAccount, expect, PASSWORD, adminEmail, skipWithoutBrowser, test, uniqueEmail } from './support';
import { FIXTURE_ORIGIN } from './fixtures/feed-server';
import { EXAMPLE_ARTICLE, harbourNotesSavedAtStep5, latestCodeFor, publicationIdFrom, trpcMutation, trpcQuery } from './fixtures/workflow-helpers';
import { expectFocusVisible, press, tabTo } from './fixtures/keyboard';

skipWithoutBrowser();

const FIRST = 'Solar farms now outproduce coal in three states';
const SECOND = 'A practical guide to home heat pumps';

test('keyboard only: sign up, a publication, the five steps, a send to subscribers and its report', async ({ page, playwright, baseURL }) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail('keys');
  const pubName = 'Keyboard Harbour';

  // The landing page: the first stop skips the navigation; "Get Started" opens account creation.
  await page.goto('/');
  const getStarted = page.getByRole('banner').getByRole('link', { name: 'Get Started' });
  await expect(getStarted).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expectFocusVisible(page);
  await tabTo(page, getStarted);
  await press(page, getStarted, 'Enter');
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  // The page changed under the keyboard: focus is on its heading, not lost.
  await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeFocused();

  await tabTo(page, page.getByLabel('Full name'));
  await page.keyboard.type('Kira Keys');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(PASSWORD);
  const create = page.getByRole('button', { name: 'Create account' });
  await tabTo(page, create);
  await press(page, create, 'Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeFocused();

  // Setup, not the journey: the admin puts the account on Professional (its issues get a report).
  const me = await trpcQuery<{ id: string }>(page, 'user.get');
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: { email: adminEmail(), password: PASSWORD } })).ok()).toBe(true);
  const setPlan = await admin.post('/api/trpc/billing.setPlan', { data: { userId: me.id, plan: 'professional', reason: 'keyboard e2e' } });
  expect(setPlan.ok(), await setPlan.text()).toBe(true);
  await admin.dispose();
  await page.reload();
  await expect(page.getByTestId('plan-badge')).toHaveText('Pro');

  // The code mailed at sign-up, typed into the dashboard's field: six digits check themselves, and focus
  // moves on to what comes next (the new publication's name) instead of falling to the page.
  const code = page.getByLabel('6-digit code');
  await tabTo(page, code);
  await page.keyboard.type(latestCodeFor(email));
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toHaveCount(0);
  const next = page.getByRole('region', { name: 'Next step' });
  await expect(next.getByLabel('Newsletter name')).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.type(pubName);
  const createPub = next.getByRole('button', { name: 'Create publication' });
  await tabTo(page, createPub);
  await press(page, createPub, 'Enter');
  await expect(page).toHaveURL(/\/workflow\?publicationId=/);
  const stepHeading = page.locator('#workflow-step-title');
  await expect(stepHeading).toHaveText('Choose Your Newsletter Theme');

  // Setup, not the journey: one reader to send to.
  const publicationId = publicationIdFrom(page);
  await trpcMutation(page, 'subscribers.add', { publicationId, email: uniqueEmail('keys-reader'), name: 'Rae Reader' });

  // Step 1 through the step indicator, then the name and Enter.
  const stepOne = page.getByRole('navigation', { name: 'Workflow steps' }).getByRole('button', { name: /Step 1/ });
  await tabTo(page, stepOne);
  await press(page, stepOne, 'Enter');
  await expect(stepHeading).toHaveText('Name Your Newsletter');
  await expect(stepHeading).toBeFocused();
  await expectFocusVisible(page);
  await expect(page.getByTestId('step-announcement')).toHaveText('Step 1 of 5: Name Your Newsletter');
  const name = page.getByLabel('Newsletter name');
  await tabTo(page, name);
  await page.keyboard.press('End');
  await page.keyboard.type(' Weekly');
  await page.keyboard.press('Enter');

  // Step 2: another theme, chosen with Enter; the step moves on by itself and focus follows it.
  await expect(stepHeading).toHaveText('Choose Your Newsletter Theme');
  await expect(stepHeading).toBeFocused();
  const useTheme = page.getByRole('list', { name: 'Newsletter themes' }).getByRole('button', { name: 'Use This Theme' }).first();
  await tabTo(page, useTheme);
  await press(page, useTheme, 'Enter');
  await expect(stepHeading).toHaveText('Select Content Channels');
  await expect(stepHeading).toBeFocused();
  await expect(page.getByTestId('step-announcement')).toHaveText('Step 3 of 5: Select Content Channels');

  // Step 3: the fixture site's feed, found from its address (Enter submits; focus stays in the field).
  const address = page.getByLabel('Add a channel by site address');
  await tabTo(page, address);
  await page.keyboard.type(`${FIXTURE_ORIGIN}/`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Selected channels' }).getByText('Green Ledger Daily')).toBeVisible();
  await expect(address).toBeFocused();
  await expectFocusVisible(page);
  let proceed = page.getByRole('button', { name: 'Continue' });
  await tabTo(page, proceed);
  await press(page, proceed, 'Enter');

  // Step 4: two stories, ticked with Space.
  await expect(stepHeading).toHaveText('Choose Articles');
  await expect(stepHeading).toBeFocused();
  const articles = page.getByRole('list', { name: 'Articles' });
  for (const title of [FIRST, SECOND]) {
    const box = articles.getByLabel(title);
    await tabTo(page, box);
    await press(page, box, 'Space');
    await expect(box).toBeChecked();
  }
  proceed = page.getByRole('button', { name: 'Continue' });
  await tabTo(page, proceed);
  await press(page, proceed, 'Enter');

  // Step 5: the second story moved up with its button; the move is announced and focus stays on the story.
  await expect(stepHeading).toHaveText('Preview & Send');
  await expect(stepHeading).toBeFocused();
  const stories = page.getByRole('list', { name: 'Stories' });
  await expect(stories.getByRole('listitem')).toHaveCount(2);
  const secondTitle = await stories.getByRole('listitem').nth(1).getByRole('textbox').first().inputValue();
  const up = page.getByRole('button', { name: `Move "${secondTitle}" up` });
  await tabTo(page, up);
  await press(page, up, 'Enter');
  await expect(page.getByTestId('story-order-announcement')).toHaveText(`Moved “${secondTitle}” to position 1 of 2.`);
  await expect(stories.getByRole('listitem').first().getByRole('textbox').first()).toHaveValue(secondTitle);
  // At the top its up button is off: focus is on its down button.
  await expect(page.getByRole('button', { name: `Move "${secondTitle}" down` })).toBeFocused();
  await expectFocusVisible(page);

  // On through the editor, the sending details, the preview and its findings to the sticky send bar: no
  // stop on the way may sit under the bar or the top bar.
  const sendBar = page.getByRole('region', { name: 'Save and send' });
  const toSubscribers = sendBar.getByRole('button', { name: 'Send to subscribers' });
  await expect(toSubscribers).not.toHaveAttribute('aria-disabled', 'true');
  await tabTo(page, toSubscribers, { max: 250 });
  await press(page, toSubscribers, 'Enter');

  // The dialog holds focus; Send to 1 sends; closed, it gives focus back to "Send to subscribers".
  const dialog = page.getByRole('dialog', { name: 'Send this issue to your subscribers' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  const sendNow = dialog.getByRole('button', { name: /^Send to 1\b/ });
  await tabTo(page, sendNow);
  await press(page, sendNow, 'Enter');
  await expect(dialog).toHaveCount(0);
  await expect(toSubscribers).toBeFocused();
  await expectFocusVisible(page);
  await expect(page.getByTestId('send-progress')).toContainText('Sent', { timeout: 30_000 });
  await expect(page.getByTestId('delivery-announcement')).toHaveText('Sent to 1 reader.');

  // The report: Newsletters in the sidebar, then the Report.
  const newsletters = page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Newsletters' });
  await tabTo(page, newsletters, { back: true, max: 300 });
  await press(page, newsletters, 'Enter');
  await expect(page).toHaveURL(/\/newsletters/);
  await expect(page.getByRole('heading', { name: 'Newsletters', level: 1 })).toBeFocused();
  const report = page.getByRole('link', { name: 'Report' }).first();
  await tabTo(page, report);
  await press(page, report, 'Enter');
  await expect(page).toHaveURL(/\/analytics\?.*sendId=/);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeFocused();
  // The report: its subject heads it, with its rates and its links.
  const detail = page.locator('#issue-detail-title');
  await expect(detail).toContainText(`${pubName} Weekly`);
  await expect(page.getByText('Open rate', { exact: true }).first()).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Export CSV' }));
});

test('keyboard only at 390 px: the drawer gives focus back, step 5 tabs move with arrows, focus clears the stuck tabs and the send bar', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await createAccount(page.request, 'Pia Pocket', uniqueEmail('keys-phone'));
  const pub = await harbourNotesSavedAtStep5(page, {
    articles: [EXAMPLE_ARTICLE, { ...EXAMPLE_ARTICLE, id: 'example-2', title: 'Ferry times change for winter' }],
    subject: 'Harbour news',
  });
  await page.goto(`/workflow?publicationId=${pub.id}`);
  await expect(page.getByRole('heading', { name: 'Preview & Send', level: 2 })).toBeVisible();

  // The drawer: opened with Enter, closed with Escape, focus back on its button.
  const openNav = page.getByRole('button', { name: 'Open navigation' });
  await tabTo(page, openNav);
  await press(page, openNav, 'Enter');
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer).toBeVisible();
  await expect(drawer.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(openNav).toBeFocused();

  // Edit / Preview / Send: one tab stop, arrows move and show.
  const edit = page.getByRole('tab', { name: 'Edit' });
  await tabTo(page, edit);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Preview' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  await expectFocusVisible(page);
  await page.keyboard.press('ArrowLeft');
  await expect(edit).toHaveAttribute('aria-selected', 'true');

  // Down the editor to the send bar: no stop under the stuck tabs, the top bar or the send bar.
  await tabTo(page, page.getByRole('region', { name: 'Save and send' }).getByRole('button', { name: /^Send test/ }), { max: 200 });
  // And back up again with Shift+Tab to the first story's title.
  await tabTo(page, page.getByRole('textbox', { name: 'Title of story 1' }), { back: true, max: 200 });
});
