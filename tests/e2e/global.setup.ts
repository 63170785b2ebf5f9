// The first account on the fresh database becomes the admin: create it here so every journey user
// is a plain user. Its address is kept for specs that need a staff account.
import fs from 'node:fs';
import { ADMIN_FILE, createAccount, expect, skipWithoutBrowser, test } from './support';

test('first account is the admin', async ({ request }) => {
  skipWithoutBrowser();
  const email = `admin-${Date.now()}@example.test`;
  const { user } = await createAccount(request, 'Site Admin', email);
  expect(user.role).toBe('admin');
  fs.writeFileSync(ADMIN_FILE, JSON.stringify({ email }));
});
