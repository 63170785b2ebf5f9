// Every route of the app fits Hono's RegExpRouter (one compiled expression). An ambiguous pair of routes
// makes SmartRouter fall back to the TrieRouter for the whole app without a word, which slowed every
// request, so this guards the shape of the route table.
import { describe, expect, it } from 'vitest';
import { createHarness } from '../../helpers/app';

describe('route table', () => {
  it('is served by the RegExpRouter', async () => {
    const { app } = await createHarness();
    await app.request('/api/auth/check');
    expect(app.router.name).toBe('SmartRouter + RegExpRouter');
  });

  it('answers webhooks of unknown kinds with 404 and still routes Stripe and provider paths', async () => {
    const { app } = await createHarness();
    expect((await app.request('/webhooks/nobody', { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await app.request('/webhooks/brevo/not-a-token', { method: 'POST', body: '{}' })).status).toBe(404);
    // Stripe's path reaches its handler, which says that payments are not set up on this server.
    const stripe = await app.request('/webhooks/stripe', { method: 'POST', body: '{}' });
    expect(stripe.status).toBe(404);
    expect(await stripe.json()).toEqual({ success: false, message: 'Payments are not set up on this server', code: 'NOT_FOUND' });
  });
});
