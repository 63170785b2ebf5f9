// Defect 5: the CSRF check compared Origin with an origin derived from the request's Host header, so a
// DNS-rebound page (Host and Origin both the attacker's name) passed. Only APP_URL and DEV_ORIGIN count.
// @postgres
import { describe, it, expect } from 'vitest';
import { createHarness, jsonRequest } from '../../helpers/app';
import { MSG } from '../../../src/shared/messages';

const body = { email: 'rebind@example.com', firstName: 'R' };

describe('CSRF origin check', () => {
  it('refuses a rebound request whose Origin equals its own Host, on REST and tRPC', async () => {
    const { app } = await createHarness();
    for (const path of ['/api/newsletter-signup', '/api/trpc/leads.subscribe']) {
      const res = await app.request(`http://rebind.attacker.example:3000${path}`, jsonRequest('POST', body, { origin: 'http://rebind.attacker.example:3000' }));
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ success: false, message: MSG.crossOrigin, code: 'FORBIDDEN' });
    }
  });

  it('accepts APP_URL’s origin whatever the Host header says', async () => {
    const { app } = await createHarness();
    const res = await app.request('http://127.0.0.1:3000/api/newsletter-signup', jsonRequest('POST', body, { origin: 'http://localhost:3000' }));
    expect(res.status).toBe(200);
  });

  it('accepts the configured DEV_ORIGIN and nothing like it', async () => {
    const { app } = await createHarness({ env: { DEV_ORIGIN: 'http://localhost:5173/' } });
    expect((await app.request('/api/newsletter-signup', jsonRequest('POST', body, { origin: 'http://localhost:5173' }))).status).toBe(200);
    expect((await app.request('/api/newsletter-signup', jsonRequest('POST', body, { origin: 'http://localhost:5174' }))).status).toBe(403);
    expect((await (await createHarness()).app.request('/api/newsletter-signup', jsonRequest('POST', body, { origin: 'http://localhost:5173' }))).status).toBe(
      403,
    );
  });
});
