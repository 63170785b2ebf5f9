// Integrations: a professional user connects Brevo (a loopback fake of its API), publishes a saved
// newsletter to it as a draft campaign, sees it on /integrations and Brevo Connected on the dashboard;
// Copy for Substack shows clean HTML and Markdown.
import { FAKE_KEYS, startFakePlatforms, type FakePlatforms } from '../helpers/fake-platforms';
import { expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { createUserWithPlan, trpcMutation } from './fixtures/workflow-helpers';

skipWithoutBrowser();

// playwright.config.ts points the server's INTEGRATIONS_API_BASE at this port.
const FAKE_PORT = Number(process.env.E2E_PORT ?? 3111) + 7;
let fake: FakePlatforms;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  fake = await startFakePlatforms({ port: FAKE_PORT });
});
test.afterAll(async () => {
  await fake?.close();
});

const HTML = '<!DOCTYPE html><html><body><h1>Friday Finds</h1><p>Three good reads this week.</p></body></html>';

test('a professional user connects Brevo, publishes a saved newsletter as a draft campaign and copies it for Substack', async ({ page }) => {
  const email = uniqueEmail('integrations');
  createUserWithPlan(email, 'Ivy Integrator', 'professional');
  await signInThroughUi(page, email);
  await trpcMutation(page, 'drafts.create', {
    title: 'Friday Finds',
    subject: 'Three good reads',
    htmlContent: HTML,
    content: 'Three good reads this week.',
    contentSources: {
      channels: [],
      articles: [{ id: 'a1', title: 'A good read', summary: 'Why it matters.', url: 'https://news.example/a', source: 'News' }],
    },
  });

  await page.goto('/integrations');
  await expect(page).toHaveTitle(/Integrations/);
  const brevo = page.getByRole('region', { name: 'Brevo' });
  await expect(brevo.getByText('Disconnected')).toBeVisible();
  await brevo.getByLabel('Brevo API key').fill('wrong-key-12345678');
  await brevo.getByRole('button', { name: 'Connect Brevo' }).click();
  await expect(brevo.getByText('The Brevo API key was refused. Check the key and its permissions.')).toBeVisible();
  await brevo.getByLabel('Brevo API key').fill(FAKE_KEYS.brevo);
  await brevo.getByRole('button', { name: 'Connect Brevo' }).click();
  await expect(brevo.getByText('Connected', { exact: true })).toBeVisible();
  await expect(brevo.getByText('Acme News (owner@brevo.example)')).toBeVisible();
  await expect(page.getByText(FAKE_KEYS.brevo)).toHaveCount(0);

  const publish = page.getByRole('region', { name: 'Publish a newsletter' });
  await expect(publish.getByLabel('Saved newsletter')).toHaveValue(/.+/);
  await expect(publish.getByLabel('Contact list')).toContainText('Newsletter readers');
  await expect(publish.getByLabel('Subject')).toHaveValue('Three good reads');
  await expect(publish.getByText(/Brevo requires an unsubscribe link/)).toBeVisible();
  await publish.getByRole('button', { name: 'Save as draft campaign' }).click();

  const table = page.getByRole('table', { name: 'Campaigns published to platforms' });
  const row = table.getByRole('row').filter({ hasText: 'Friday Finds' });
  await expect(row).toContainText('Brevo');
  await expect(row).toContainText('Newsletter readers');
  await expect(row).toContainText('Draft');
  expect(fake.campaigns.filter((c) => c.platform === 'brevo').at(-1)).toMatchObject({ status: 'draft' });
  expect(fake.campaigns.filter((c) => c.platform === 'brevo').at(-1)?.html).toContain('{{ unsubscribe }}');

  const substack = page.getByRole('region', { name: 'Substack' });
  await substack.getByRole('button', { name: 'Copy for Substack' }).click();
  await expect(substack.getByText(/Substack has no public API, so nothing is sent from here/)).toBeVisible();
  await expect(substack.getByLabel('HTML')).toHaveValue(/<h2><a href="https:\/\/news\.example\/a">A good read<\/a><\/h2>/);
  await expect(substack.getByLabel('Markdown')).toHaveValue(/# Friday Finds/);
  await expect(substack.getByRole('button', { name: 'Copy HTML' })).toBeVisible();
  await expect(substack.getByRole('button', { name: 'Copy Markdown' })).toBeVisible();

  await page.goto('/dashboard');
  const platforms = page.getByRole('list', { name: 'Email platforms' });
  await expect(platforms.getByRole('listitem').filter({ hasText: 'Brevo' })).toContainText('Connected');
  await expect(platforms.getByRole('listitem').filter({ hasText: 'Mailchimp' })).toContainText('Disconnected');
});
