// Google and GitHub sign-in end to end through the REST paths, against a loopback fake of the
// providers' token and user-info endpoints: a new account is created, an existing account is linked
// only when the provider says the address is verified, and a later sign-in reuses the link.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cookieFrom, createHarness } from '../../helpers/app';
import { startFakeOAuth, type FakeOAuth } from '../../helpers/fake-oauth';
import { oauthAccounts, signInEvents, users } from '../../../db/schema';

let fake: FakeOAuth;
beforeAll(async () => {
  fake = await startFakeOAuth({ google: ['google-client', 'google-secret'], github: ['github-client', 'github-secret'] });
});
afterAll(() => fake.close());

async function setup() {
  const errors: string[] = [];
  const h = await createHarness({
    env: {
      OAUTH_API_BASE: fake.url,
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GITHUB_CLIENT_ID: 'github-client',
      GITHUB_CLIENT_SECRET: 'github-secret',
    },
    deps: { log: { info() {}, warn() {}, error: (m: string, e?: unknown) => errors.push(`${m}: ${e instanceof Error ? e.message : String(e)}`) } },
  });
  await h.insertUser({ email: 'first-admin@example.com' });
  return Object.assign(h, { errors });
}
type H = Awaited<ReturnType<typeof setup>>;

/** The whole round trip: start, the provider sends the browser back with `code`, then who is signed in. */
async function oauthSignIn(h: H, provider: 'google' | 'github', code: string) {
  const start = await h.app.request(`/api/auth/oauth/${provider}`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  const host = provider === 'google' ? 'accounts.google.com/o/oauth2/v2/auth' : 'github.com/login/oauth/authorize';
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.url}/${host}`);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`http://localhost:3000/api/auth/oauth/${provider}/callback`);
  const state = authorize.searchParams.get('state')!;
  const back = await h.app.request(`/api/auth/oauth/${provider}/callback?code=${code}&state=${state}`, { headers: { cookie: cookieFrom(start) } });
  expect(back.status).toBe(302);
  const session = cookieFrom(back)
    .split('; ')
    .filter((c) => !c.startsWith('oauth_') && !/=$/.test(c))
    .join('; ');
  const check = session
    ? ((await (await h.app.request('/api/auth/check', { headers: { cookie: session } })).json()) as { user: { id: string; email: string } | null })
    : null;
  return { location: back.headers.get('location'), user: check?.user ?? null };
}

const links = async (h: H) => await h.db.select().from(oauthAccounts);

describe('OAuth sign-in', () => {
  it('Google: a new user is created with the verified address and signed in; a second sign-in reuses the link', async () => {
    const h = await setup();
    const profile = { sub: '109876543210', email: 'New.Person@gmail.com', email_verified: true, name: 'New Person' };
    const first = await oauthSignIn(h, 'google', fake.googleCode(profile));
    expect(first.location).toBe('/dashboard');
    expect(first.user).toMatchObject({ email: 'new.person@gmail.com' });
    const row = (await h.db.select().from(users).where(eq(users.email, 'new.person@gmail.com')))[0]!;
    expect(row).toMatchObject({ name: 'New Person', passwordHash: null });
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(await links(h)).toMatchObject([{ provider: 'google', providerUserId: '109876543210', userId: row.id }]);
    // The PKCE verifier from the start went to the token endpoint.
    expect(fake.exchanges.at(-1)).toMatchObject({ grant_type: 'authorization_code', code_verifier: expect.any(String) });

    // Same Google account, address changed at Google since: still the linked account, nothing new.
    const again = await oauthSignIn(h, 'google', fake.googleCode({ ...profile, email: 'renamed@gmail.com' }));
    expect(again.user?.id).toBe(row.id);
    expect(await links(h)).toHaveLength(1);
    expect((await h.db.select().from(users).where(eq(users.email, 'renamed@gmail.com')))[0]).toBeUndefined();
  });

  it('GitHub: an existing e-mail account is linked when the primary address is verified, and later sign-ins reuse the link', async () => {
    const h = await setup();
    const existing = await h.insertUser({ email: 'octo@example.com', name: 'Octo', password: 'a long enough password' });
    const profile = { id: 583231, login: 'octocat', name: 'The Octocat', emails: [{ email: 'Octo@Example.com', primary: true, verified: true }] };
    const first = await oauthSignIn(h, 'github', fake.githubCode(profile));
    expect(first).toMatchObject({ location: '/dashboard', user: { id: existing.id, email: 'octo@example.com' } });
    expect(await links(h)).toMatchObject([{ provider: 'github', providerUserId: '583231', userId: existing.id }]);
    expect(await h.db.select().from(users)).toHaveLength(2);

    const again = await oauthSignIn(h, 'github', fake.githubCode(profile));
    expect(again.user?.id).toBe(existing.id);
    expect(await links(h)).toHaveLength(1);
  });

  it.each([
    ['google', () => fake.googleCode({ sub: '5550001', email: 'victim@example.com', email_verified: false, name: 'Mallory' })],
    ['github', () => fake.githubCode({ id: 777, login: 'mallory', name: null, emails: [{ email: 'victim@example.com', primary: true, verified: false }] })],
  ] as const)('%s: an unverified address is neither linked to the existing account nor signed in', async (provider, code) => {
    const h = await setup();
    const victim = await h.insertUser({ email: 'victim@example.com', password: 'the victim password' });
    const res = await oauthSignIn(h, provider, code());
    expect(res).toEqual({ location: '/auth?error=oauth', user: null });
    expect(h.errors.join('\n')).toMatch(/account has no verified email address/);
    expect(await links(h)).toEqual([]);
    // The account keeps its password (proving the address would have reset it).
    expect((await h.db.select().from(users).where(eq(users.id, victim.id)))[0]!.passwordHash).not.toBeNull();
  });

  it('every provider sign-in is in the security log with its method, account and outcome, as password and code sign-ins are', async () => {
    const h = await setup();
    const octo = await h.insertUser({ email: 'octo@example.com' });
    const github = { id: 42, login: 'octocat', name: null, emails: [{ email: 'octo@example.com', primary: true, verified: true }] };
    await oauthSignIn(h, 'github', fake.githubCode(github));
    // The link names the account even when the provider's address has changed since.
    await oauthSignIn(h, 'github', fake.githubCode({ ...github, emails: [{ email: 'octo@elsewhere.example', primary: true, verified: true }] }));
    await oauthSignIn(h, 'google', fake.googleCode({ sub: '9', email: 'someone@example.com', email_verified: false, name: 'X' }));
    await h.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, octo.id));
    const refused = await oauthSignIn(h, 'github', fake.githubCode(github));
    expect(refused).toEqual({ location: '/auth?error=oauth', user: null });

    const events = await h.db.select().from(signInEvents);
    // Sorted by outcome then address (the four may share a millisecond).
    expect(events.map((e) => [e.outcome, e.email, e.method, e.userId]).sort()).toEqual([
      ['disabled', 'octo@example.com', 'github', octo.id],
      ['failure', 'someone@example.com', 'google', null],
      ['success', 'octo@elsewhere.example', 'github', octo.id],
      ['success', 'octo@example.com', 'github', octo.id],
    ]);
    expect(events[0]!.ip).not.toBe('');
  });

  it('a callback whose state does not match the cookie signs nobody in and never reaches the provider', async () => {
    const h = await setup();
    const start = await h.app.request('/api/auth/oauth/github');
    const code = fake.githubCode({ id: 1, login: 'x', name: null, emails: [{ email: 'x@example.com', primary: true, verified: true }] });
    const before = fake.exchanges.length;
    const back = await h.app.request(`/api/auth/oauth/github/callback?code=${code}&state=forged`, { headers: { cookie: cookieFrom(start) } });
    expect(back.headers.get('location')).toBe('/auth?error=oauth');
    expect(fake.exchanges.length).toBe(before);
    expect(await links(h)).toEqual([]);
  });

  it("a token endpoint's redirect is not followed: the client secret and the code never travel to the address it names", async () => {
    const hits: string[] = [];
    const provider = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
      if (req.url?.endsWith('/token')) res.writeHead(307, { location: '/collect' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"x","id_token":null}');
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
      const errors: string[] = [];
      const h = await createHarness({
        env: { OAUTH_API_BASE: base, GOOGLE_CLIENT_ID: 'google-client', GOOGLE_CLIENT_SECRET: 'google-secret' },
        deps: { log: { info() {}, warn() {}, error: (m: string, e?: unknown) => errors.push(`${m}: ${e instanceof Error ? e.message : String(e)}`) } },
      });
      const start = await h.app.request('/api/auth/oauth/google');
      const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
      const back = await h.app.request(`/api/auth/oauth/google/callback?code=some-code&state=${state}`, { headers: { cookie: cookieFrom(start) } });

      expect(back.headers.get('location')).toBe('/auth?error=oauth');
      expect(hits.map((x) => x.split(' ')[1])).toEqual(['/oauth2.googleapis.com/token']);
      expect(errors.join('\n')).not.toContain('google-secret');
    } finally {
      await new Promise((r) => provider.close(r));
    }
  });
});
