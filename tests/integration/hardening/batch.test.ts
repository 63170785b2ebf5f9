// Defect 2: tRPC batching was unbounded: one request could carry hundreds of calls (auth.signIn x60,
// wizard.assemble x300) past every per-request limit. Batches are capped at TRPC_MAX_BATCH calls.
import { describe, it, expect } from 'vitest';
import { harnessWithAdmin, jsonRequest } from '../../helpers/app';
import { TRPC_MAX_BATCH } from '../../../src/shared/limits';
import { buildArticle } from '../workflow/factories';
import { signedIn } from '../newsletter/support';

/** A batch request of `n` calls of one procedure, in tRPC's wire format. */
function batch(path: string, n: number, input: unknown, headers: Record<string, string> = {}) {
  const paths = Array.from({ length: n }, () => path).join(',');
  const body = Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), input]));
  return [`/api/trpc/${paths}?batch=1`, jsonRequest('POST', body, headers)] as const;
}

describe('tRPC batches', () => {
  it(`refuses more than ${TRPC_MAX_BATCH} calls in one request before running any of them`, async () => {
    const h = await harnessWithAdmin();
    await h.insertUser({ email: 'target@example.com', password: 'right password' });
    const res = await h.app.request(...batch('auth.signIn', 60, { email: 'target@example.com', password: 'guess' }));
    expect(res.status).toBe(400);
    // Nothing ran: the per-address allowance is untouched.
    const ok = await h.app.request('/api/auth/login', jsonRequest('POST', { email: 'target@example.com', password: 'right password' }));
    expect(ok.status).toBe(200);
  });

  it('refuses 300 assemblies in one request, and runs a batch within the cap', async () => {
    const h = await harnessWithAdmin();
    const { cookie } = await signedIn(h, { planType: 'enterprise' });
    const input = { newsletterName: 'Batch', themeId: 'market-watch', articles: [buildArticle()] };
    expect((await h.app.request(...batch('wizard.assemble', 300, input, { cookie }))).status).toBe(400);
    const res = await h.app.request(...batch('wizard.assemble', TRPC_MAX_BATCH, input, { cookie }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: { success: boolean } } }[];
    expect(body).toHaveLength(TRPC_MAX_BATCH);
    expect(body.every((r) => r.result.data.success)).toBe(true);
  });
});
