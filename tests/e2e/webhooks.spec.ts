// Outgoing webhooks from a Professional creator's side: an endpoint (a loopback receiver) is added in
// Settings → Advanced → Webhooks; a reader subscribes on the publication's signup page; the receiver gets
// subscriber.created, signed so the Standard Webhooks library verifies it, and the delivery log shows it.
import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import { expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { createUserWithPlan, trpcMutation, trpcQuery } from './fixtures/workflow-helpers';

skipWithoutBrowser();

test('a Professional user adds a webhook endpoint and sees a delivery after a reader subscribes', async ({ page, browser, baseURL }) => {
  const port = Number(new URL(baseURL!).port) + 8;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('thanks');
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  try {
    const email = uniqueEmail('hooks');
    createUserWithPlan(email, 'Hana Hooks', 'professional');
    await signInThroughUi(page, email);
    const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Hook Notes' });
    const { signupUrl } = await trpcQuery<{ signupUrl: string }>(page, 'sends.audience', { publicationId: pub.id });

    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Advanced' }).click();
    await page.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${port}/hooks`);
    await page.getByLabel('Description').fill('CRM sync');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: `127.0.0.1:${port}` });
    await expect(endpoint).toContainText('subscriber.created');
    await endpoint.getByRole('button', { name: 'Signing secret' }).click();
    await expect(endpoint.getByLabel('Signing secret')).toHaveValue(/^whsec_/);
    const secret = await endpoint.getByLabel('Signing secret').inputValue();

    const reader = await browser.newPage();
    await reader.goto(signupUrl);
    const address = uniqueEmail('reader');
    await reader.getByLabel('Email').fill(address);
    await reader.getByRole('button', { name: 'Subscribe' }).click();
    await expect(reader.getByRole('status')).toContainText('Check your inbox');

    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const [message] = received;
    const event = new Webhook(secret).verify(message!.body, {
      'webhook-id': String(message!.headers['webhook-id']),
      'webhook-timestamp': String(message!.headers['webhook-timestamp']),
      'webhook-signature': String(message!.headers['webhook-signature']),
    }) as { type: string; data: { publicationId: string; subscriber: { email: string; status: string } } };
    expect(event).toMatchObject({ type: 'subscriber.created', data: { publicationId: pub.id, subscriber: { email: address, status: 'pending' } } });

    await endpoint.getByRole('button', { name: 'Deliveries' }).click();
    const delivery = endpoint.getByTestId('webhook-delivery').first();
    await expect(delivery).toContainText('delivered');
    await expect(delivery).toContainText('subscriber.created');
    await expect(delivery).toContainText('HTTP 200');
    await expect(delivery).toContainText('thanks');
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
});
