// The one focus ring (styles.css) on every kind of control, in light and dark: links, buttons, fields,
// tabs, switches, the segmented choices of step 5 and a card that is a link; the ring contrasts 3:1 with
// the ground around it (WCAG 1.4.11, 2.4.7). Controls are 24 × 24 px or more (WCAG 2.5.8). Reduced motion stops animations and transitions but not a
// spinner's turn. SHOTS_DIR=<folder> also saves the ring on the landing page's "Get Started", the
// dashboard and step 5, light and dark.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createAccount, expect, skipWithoutBrowser, test, uniqueEmail } from './support';
import { EXAMPLE_ARTICLE, GREEN_LEDGER, harbourNotesSavedAtStep5, trpcMutation } from './fixtures/workflow-helpers';
import { expectFocusVisible, smallTargets, tabTo } from './fixtures/keyboard';

skipWithoutBrowser();

const SCHEMES = ['light', 'dark'] as const;

async function useScheme(page: Page, scheme: (typeof SCHEMES)[number]) {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/** The focused element's ring colour against the first opaque ground behind it, as a contrast ratio. */
function ringContrast(page: Page): Promise<{ ratio: number; ring: string; ground: string }> {
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data] as [number, number, number, number];
    };
    const lum = ([r, g, b]: number[]) => {
      const c = [r!, g!, b!].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    let el = document.activeElement as HTMLElement;
    if (el instanceof HTMLInputElement && el.getBoundingClientRect().width <= 1 && el.labels?.[0]) el = el.labels[0];
    const ring = getComputedStyle(el).outlineColor;
    // The ring is drawn outside the element: the ground is its parent's (or further up).
    let ground = 'rgb(255, 255, 255)';
    for (let n = el.parentElement; n; n = n.parentElement) {
      const cs = getComputedStyle(n);
      // A gradient band (the landing's brand band): its first colour.
      const stop = /(?:rgba?|oklch|oklab|lab|lch|hsla?)\([^)]*\)/.exec(cs.backgroundImage)?.[0];
      if (stop && rgba(stop)[3] === 255) {
        ground = stop;
        break;
      }
      if (rgba(cs.backgroundColor)[3] === 255) {
        ground = cs.backgroundColor;
        break;
      }
    }
    const [a, b] = [lum(rgba(ring)), lum(rgba(ground))];
    return { ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), ring, ground };
  });
}

async function expectRing(page: Page) {
  await expectFocusVisible(page);
  const { ratio, ring, ground } = await ringContrast(page);
  expect(ratio, `ring ${ring} on ${ground}`).toBeGreaterThanOrEqual(3);
}

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

test('the focus ring shows on links, buttons, fields, tabs, switches and segmented choices, light and dark', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail('ring');
  // The sign-up's session is the page's: page.request shares the browser context's cookies.
  await createAccount(page.request, 'Rina Ring', email);
  const pub = await harbourNotesSavedAtStep5(page, { articles: [EXAMPLE_ARTICLE], subject: 'Harbour news' });

  for (const scheme of SCHEMES) {
    await page.goto('/dashboard');
    await useScheme(page, scheme);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // A link (the sidebar), a field and a button (the dashboard's next step, which then holds the name).
    await tabTo(page, page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Publications' }));
    await expectRing(page);
    await tabTo(page, page.getByRole('button', { name: 'User menu' }));
    await expectRing(page);
    await shot(page, `dashboard-user-menu-${scheme}`);

    // Tabs (arrow keys move between them) and a switch.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const general = page.getByRole('tab', { name: 'General' });
    await tabTo(page, general);
    await expectRing(page);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Notifications' })).toBeFocused();
    await expectRing(page);
    await page.keyboard.press('Enter');
    const firstSwitch = page.getByRole('tabpanel').getByRole('switch').first();
    await tabTo(page, firstSwitch);
    await expectRing(page);

    // Step 5: a field, the segmented choices (a hidden radio shows the ring on its label) and the send bar.
    await page.goto(`/workflow?publicationId=${pub.id}`);
    await expect(page.getByRole('heading', { name: 'Preview & Send', level: 2 })).toBeVisible();
    await tabTo(page, page.getByRole('textbox', { name: 'Subject line' }));
    await expectRing(page);
    // The group's one tab stop is its checked choice; an arrow moves to the next and picks it.
    const fontStyle = page.getByRole('group', { name: 'Font style' });
    await tabTo(page, fontStyle.getByRole('radio', { checked: true }));
    await expectRing(page);
    const nextStyle = scheme === 'light' ? 'Bold' : 'Italic';
    await page.keyboard.press('ArrowRight');
    await expect(fontStyle.getByRole('radio', { name: nextStyle })).toBeFocused();
    await expect(fontStyle.getByRole('radio', { name: nextStyle })).toBeChecked();
    await expectRing(page);
    await tabTo(page, page.getByRole('region', { name: 'Save and send' }).getByRole('button', { name: /^Send test/ }), { max: 250 });
    await expectRing(page);
    await shot(page, `step5-send-test-${scheme}`);
  }
});

test('the landing page: Get Started and the lead form on the brand band ring readably, light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const scheme of SCHEMES) {
    await page.goto('/');
    await useScheme(page, scheme);
    const getStarted = page.getByRole('banner').getByRole('link', { name: 'Get Started' });
    await expect(getStarted).toBeVisible();
    await tabTo(page, getStarted);
    await expectRing(page);
    await shot(page, `landing-get-started-${scheme}`);
    // On the indigo band the ring is white.
    const leadButton = page.locator('#guide').getByRole('button').first();
    await tabTo(page, leadButton, { max: 80 });
    await expectRing(page);
    await shot(page, `landing-guide-${scheme}`);
  }
});

test('reduced motion: a dialog does not animate and buttons do not transition, but a spinner still turns', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const email = uniqueEmail('still');
  await createAccount(page.request, 'Stan Still', email);
  const pub = await harbourNotesSavedAtStep5(page, { articles: [EXAMPLE_ARTICLE], subject: 'Harbour news' });
  await page.goto(`/workflow?publicationId=${pub.id}`);
  const startOver = page.getByRole('button', { name: 'Create New Newsletter' });
  await tabTo(page, startOver, { max: 250 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Start a new newsletter?' });
  await expect(dialog).toBeVisible();
  const timing = (el: Element) => {
    const cs = getComputedStyle(el);
    // Computed durations are in seconds ("0.2s", "1e-05s"); in ms here.
    return { animation: parseFloat(cs.animationDuration) * 1000, transition: parseFloat(cs.transitionDuration) * 1000 };
  };
  const dialogTiming = await dialog.evaluate(timing);
  expect(dialogTiming.animation).toBeLessThan(1);
  const button = await page.getByRole('button', { name: 'Keep editing' }).evaluate(timing);
  expect(button.transition).toBeLessThan(1);
  // Escape closes it, and focus is back on the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(startOver).toBeFocused();

  // A spinner's turn is what says work goes on: it keeps turning, slowly.
  const spin = await page.evaluate(() => {
    const s = document.createElement('span');
    s.className = 'animate-spin';
    document.body.append(s);
    const cs = getComputedStyle(s);
    const out = { iterations: cs.animationIterationCount, duration: cs.animationDuration };
    s.remove();
    return out;
  });
  expect(spin).toEqual({ iterations: 'infinite', duration: '2.5s' });

  // Without the preference the same dialog animates.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await startOver.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  expect((await dialog.evaluate(timing)).animation).toBeGreaterThan(100);
});

test('controls are 24 × 24 px or more on the public pages, the dashboard and the steps (WCAG 2.5.8)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const expectNoSmall = async (where: string, ready: Locator) => {
    await expect(ready).toBeVisible();
    expect(await smallTargets(page), where).toEqual([]);
  };
  await page.goto('/');
  await expectNoSmall('landing', page.getByRole('banner').getByRole('link', { name: 'Get Started' }));
  await page.goto('/help');
  await expectNoSmall('help', page.getByRole('heading', { level: 1 }));
  await page.goto('/auth?mode=signup');
  await expectNoSmall('sign-up', page.getByRole('button', { name: 'Create account' }));

  await createAccount(page.request, 'Tara Target', uniqueEmail('target'));
  const pub = await harbourNotesSavedAtStep5(page, { articles: [EXAMPLE_ARTICLE], subject: 'Harbour news' });
  await page.goto('/dashboard');
  await expectNoSmall('dashboard', page.getByRole('region', { name: 'Recent Publications' }).getByRole('link', { name: 'Harbour Notes' }));
  await page.goto(`/workflow?publicationId=${pub.id}`);
  await expectNoSmall('step 5', page.getByRole('region', { name: 'Save and send' }));
  // Step 4 with the fixture feed's stories: each card's links.
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 4,
    workflowData: { newsletterName: 'Harbour Notes', selectedTheme: 'market-watch', selectedChannels: [GREEN_LEDGER], selectedArticles: [] },
  });
  await page.goto(`/workflow?publicationId=${pub.id}`);
  await expectNoSmall('step 4', page.getByRole('list', { name: 'Articles' }).getByRole('link').first());
});
