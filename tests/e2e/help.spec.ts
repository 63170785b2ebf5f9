// The public help pages: /quick-start-guide (three steps with their buttons, Pro Tips, a ten-question
// FAQ) and /help (three cards, the topic lists, an eight-question FAQ, the support address).
import type { Locator, Page } from '@playwright/test';
import { SUPPORT_EMAIL } from '../../src/shared/plans';
import { HELP_FAQ, QUICK_START_FAQ } from '../../src/client/features/help/faq-data';
import { expect, skipWithoutBrowser, test } from './support';

skipWithoutBrowser();

/** One answer open at a time: opening another closes the first, clicking the open one collapses it. */
async function expectSingleOpenAccordion(page: Page, faq: Locator, questions: readonly string[], count: number) {
  const triggers = faq.getByRole('button');
  await expect(triggers).toHaveCount(count);
  expect(questions).toHaveLength(count);
  await expect(faq.getByRole('heading', { level: 3 })).toHaveCount(count);
  for (const q of questions) await expect(faq.getByRole('button', { name: q, exact: true })).toHaveAttribute('aria-expanded', 'false');

  const first = faq.getByRole('button', { name: questions[0], exact: true });
  const second = faq.getByRole('button', { name: questions[1], exact: true });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByRole('region', { name: questions[0], exact: true })).toBeVisible();

  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByRole('region', { name: questions[0], exact: true })).toBeHidden();
  await expect(faq.getByRole('region', { name: questions[1], exact: true })).toBeVisible();

  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByRole('region')).toHaveCount(0);

  // Keyboard: Enter on a focused question opens it, Enter again closes it.
  const last = faq.getByRole('button', { name: questions[count - 1], exact: true });
  await last.focus();
  await page.keyboard.press('Enter');
  await expect(last).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Enter');
  await expect(last).toHaveAttribute('aria-expanded', 'false');
}

test('the quick start guide shows three steps with their buttons, Pro Tips and a ten-question FAQ', async ({ page }) => {
  await page.goto('/quick-start-guide');
  await expect(page.getByRole('heading', { level: 1, name: 'Quick Start Guide' })).toBeVisible();
  await expect(page).toHaveTitle('Quick Start Guide · Curated');
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  for (const [name, button, href] of [
    ['Step 1: Set Up Your Account', 'Go to Dashboard', '/dashboard'],
    ['Step 2: Use the AI Magic Tool', 'Open AI Magic', '/ai-magic'],
    ['Step 3: Automate Your Content Distribution', 'View Integrations', '/integrations'],
  ] as const) {
    const step = page.getByRole('region', { name, exact: true });
    await expect(step.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    await expect(step.getByRole('link', { name: button, exact: true })).toHaveAttribute('href', href);
  }
  // What is still being built says so.
  await expect(page.getByRole('region', { name: 'Step 3: Automate Your Content Distribution' }).getByText('Coming soon')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: 'Pro Tips' })).toBeVisible();

  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  await expectSingleOpenAccordion(
    page,
    faq,
    QUICK_START_FAQ.map((f) => f.question),
    10,
  );

  await expect(page.getByRole('main').getByRole('link', { name: SUPPORT_EMAIL, exact: true })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  await expect(page.getByRole('main').getByRole('link', { name: 'Open Dashboard', exact: true })).toHaveAttribute('href', '/dashboard');
});

test('the help center shows three cards, the topic lists, an eight-question FAQ and the support address', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  await expect(page).toHaveTitle('Help Center · Curated');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  const cards = main.getByRole('list', { name: 'Ways to get help' }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Quick Start Guide', exact: true }).getByRole('link', { name: 'Read the guide' })).toHaveAttribute(
    'href',
    '/quick-start-guide',
  );
  await expect(page.getByRole('region', { name: 'Email Support', exact: true }).getByRole('link', { name: SUPPORT_EMAIL, exact: true })).toHaveAttribute(
    'href',
    `mailto:${SUPPORT_EMAIL}`,
  );
  await expect(page.getByRole('region', { name: 'AI Magic', exact: true }).getByRole('link', { name: 'Open AI Magic' })).toHaveAttribute('href', '/ai-magic');

  await expect(page.getByRole('region', { name: 'Getting Started' }).getByRole('link', { name: /Quick Start Guide/ })).toHaveAttribute(
    'href',
    '/quick-start-guide',
  );
  await expect(page.getByRole('region', { name: 'Features & Tools' }).getByRole('link', { name: /Email Management/ })).toHaveAttribute(
    'href',
    '/email-management',
  );
  await expect(page.getByRole('region', { name: 'Features & Tools' }).getByRole('link', { name: /Integrations/ })).toHaveAttribute('href', '/integrations');
  await expect(page.getByRole('region', { name: 'Features & Tools' }).getByRole('link', { name: /Analytics/ })).toHaveAttribute('href', '/analytics');

  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  await expectSingleOpenAccordion(
    page,
    faq,
    HELP_FAQ.map((f) => f.question),
    8,
  );
  // The answers say what the product really does.
  await faq.getByRole('button', { name: 'How do I reset my password?', exact: true }).click();
  await expect(faq.getByRole('region', { name: 'How do I reset my password?' })).toContainText('Forgot Password');
  await expect(faq.getByRole('region', { name: 'How do I reset my password?' })).toContainText('valid for 1 hour');

  await expect(main.getByRole('navigation', { name: 'Help links' }).getByRole('link', { name: 'Contact support' })).toHaveAttribute(
    'href',
    `mailto:${SUPPORT_EMAIL}`,
  );
  await expect(main.getByRole('navigation', { name: 'Help links' }).getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund');
});
