// The public API from a Business creator's side: a key is created in Settings → Advanced and shown once,
// a script (this test) calls /api/v1 with it, the key's requests show in Settings, it is revoked there,
// and the script's next call is refused. /developers renders the reference from the served document.
import { expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { createUserWithPlan, trpcMutation } from './fixtures/workflow-helpers';

skipWithoutBrowser();

test('a Business user creates an API key, a script uses it, and revoking it stops the script', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('apikey');
  createUserWithPlan(email, 'Ada Script', 'business');
  await signInThroughUi(page, email);
  await trpcMutation(page, 'publications.create', { name: 'Script Weekly' });

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Advanced' }).click();
  await page.getByLabel('Key name').fill('Nightly sync');
  await page.getByLabel('Access').selectOption('write');
  await page.getByRole('button', { name: 'Create API key' }).click();
  await expect(page.getByText('Copy this key now. It will not be shown again.')).toBeVisible();
  const secret = await page.getByTestId('api-key-secret').inputValue();
  expect(secret).toMatch(/^cur_/);
  const row = page.getByTestId('api-key-row').filter({ hasText: 'Nightly sync' });
  await expect(row).toContainText('Read and write');
  await expect(row).toContainText('never used');

  // The script: no browser session, only the key.
  const auth = { Authorization: `Bearer ${secret}` };
  const pubs = await request.get(`${baseURL}/api/v1/publications`, { headers: auth });
  expect(pubs.status()).toBe(200);
  const [pub] = (await pubs.json()) as { id: string; name: string }[];
  expect(pub!.name).toBe('Script Weekly');
  const added = await request.post(`${baseURL}/api/v1/publications/${pub!.id}/subscribers`, {
    headers: { ...auth, 'Idempotency-Key': `add-${Date.now()}` },
    data: { email: uniqueEmail('reader'), name: 'Reader One' },
  });
  expect(added.status()).toBe(201);

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('api-key-secret')).toHaveCount(0);
  await page.reload();
  await page.getByRole('tab', { name: 'Advanced' }).click();
  await expect(row).toContainText('last used');
  await row.getByRole('button', { name: 'Requests' }).click();
  await expect(row).toContainText(`POST /api/v1/publications/${pub!.id}/subscribers`);

  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await expect(row).toContainText('Revoked');
  const refused = await request.get(`${baseURL}/api/v1/publications`, { headers: auth });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
});

test('/developers renders the API reference from the OpenAPI document', async ({ page }) => {
  // The reference renderer is about 2.8 MB of JavaScript, parsed on this page only; on a two-core machine
  // running two workers that alone can take most of the default 30 s.
  test.setTimeout(60_000);
  await page.goto('/developers');
  await expect(page.getByRole('heading', { name: 'Curated API', level: 1 })).toBeVisible();
  const reference = page.getByTestId('api-reference');
  await expect(reference.getByText('Add a subscriber').first()).toBeVisible({ timeout: 45_000 });
  await expect(reference.getByText('Create a newsletter from articles and a theme').first()).toBeVisible();
});
