// Google and GitHub sign-in through arctic, enabled when their client id and secret are configured.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { oauthAccounts, users } from '../../../db/schema';
import type { Env } from '../env';
import type { Context } from '../context';
import { AppError } from '../errors';
import { confirmEmailOwner, createAccount, signInAs } from './accounts';
import { callVendor } from '../net/vendor-http';
import { tx } from '../db';
import { locks } from '../locks';
import { outcomeOf, recordSignIn } from './sign-in-events';

export const OAUTH_PROVIDERS = ['google', 'github'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
export const isOAuthProvider = (name: string): name is OAuthProvider => (OAUTH_PROVIDERS as readonly string[]).includes(name);

export function configuredProviders(env: Env): Record<OAuthProvider, boolean> {
  return {
    google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    github: Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET),
  };
}

const callbackUrl = (env: Env, p: OAuthProvider) => `${env.APP_URL}/api/auth/oauth/${p}/callback`;

/** The providers' documented addresses. */
const ENDPOINTS = {
  google: { authorize: 'https://accounts.google.com/o/oauth2/v2/auth', token: 'https://oauth2.googleapis.com/token' },
  github: {
    authorize: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    user: 'https://api.github.com/user',
    emails: 'https://api.github.com/user/emails',
  },
} as const;

/** A provider address, or under OAUTH_API_BASE (tests) the same host and path below the fake's root. */
function endpoint(env: Env, url: string): string {
  if (!env.OAUTH_API_BASE) return url;
  const u = new URL(url);
  return `${env.OAUTH_API_BASE.replace(/\/$/, '')}/${u.host}${u.pathname}`;
}

// arctic loads on first use: most servers never configure OAuth, and it costs start-up time.
const arctic = () => import('arctic');

function credentialsOf(env: Env, provider: OAuthProvider): [string, string] {
  return provider === 'google' ? [env.GOOGLE_CLIENT_ID!, env.GOOGLE_CLIENT_SECRET!] : [env.GITHUB_CLIENT_ID!, env.GITHUB_CLIENT_SECRET!];
}

async function clientFor(env: Env, provider: OAuthProvider) {
  const { OAuth2Client } = await arctic();
  return new OAuth2Client(...credentialsOf(env, provider), callbackUrl(env, provider));
}

const PROVIDER_LABELS: Record<OAuthProvider, string> = { google: 'Google', github: 'GitHub' };

/**
 * The code for tokens (RFC 6749 §4.1.3), client authenticated with HTTP Basic. Not arctic's own
 * exchange: it sets Content-Length by hand, which the undici the feed fetcher loads (and so every
 * fetch in the process) refuses as an invalid header.
 */
async function exchangeCode(env: Env, provider: OAuthProvider, tokenUrl: string, code: string, verifier: string | null) {
  const [id, secret] = credentialsOf(env, provider);
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: callbackUrl(env, provider) });
  if (verifier !== null) body.set('code_verifier', verifier);
  const res = await callVendor(PROVIDER_LABELS[provider], {
    url: tokenUrl,
    method: 'POST',
    auth: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` },
    headers: { accept: 'application/json', 'user-agent': 'Curated-Newsletter-Builder' },
    body,
  });
  const json = res.body as { access_token?: unknown; id_token?: unknown; error?: unknown } | null;
  // GitHub answers a bad code with 200 and an `error` field; Google with 400.
  if (res.status !== 200 || !json || json.error !== undefined || typeof json.access_token !== 'string') {
    throw new Error(`${provider} token exchange failed: ${res.status} ${typeof json?.error === 'string' ? json.error : ''}`.trim());
  }
  return { accessToken: json.access_token, idToken: typeof json.id_token === 'string' ? json.id_token : null };
}

/** The provider's authorization address plus the state (and PKCE verifier) to keep in cookies. */
export async function authorizationUrl(env: Env, provider: OAuthProvider) {
  const { CodeChallengeMethod, generateCodeVerifier, generateState } = await arctic();
  const client = await clientFor(env, provider);
  const state = generateState();
  if (provider === 'github') {
    return { url: client.createAuthorizationURL(endpoint(env, ENDPOINTS.github.authorize), state, ['read:user', 'user:email']), state, verifier: null };
  }
  const verifier = generateCodeVerifier();
  const url = client.createAuthorizationURLWithPKCE(endpoint(env, ENDPOINTS.google.authorize), state, CodeChallengeMethod.S256, verifier, [
    'openid',
    'profile',
    'email',
  ]);
  return { url, state, verifier };
}

interface OAuthProfile {
  id: string;
  email: string;
  name: string;
  /** True only when the provider itself says the address is verified. */
  emailVerified: boolean;
  avatar: string | null;
}

async function githubJson<T>(url: string, accessToken: string): Promise<T> {
  const res = await callVendor('GitHub', {
    url,
    auth: { Authorization: `Bearer ${accessToken}` },
    headers: { Accept: 'application/vnd.github+json', 'User-Agent': 'Curated-Newsletter-Builder' },
  });
  if (res.status !== 200) throw new Error(`GitHub answered ${res.status} for ${new URL(url).pathname}`);
  return res.body as T;
}

/** Exchanges the code and reads the profile from the provider's documented endpoints. */
export async function fetchProfile(env: Env, provider: OAuthProvider, code: string, verifier: string | null): Promise<OAuthProfile> {
  if (provider === 'google') {
    const { decodeIdToken } = await arctic();
    const tokens = await exchangeCode(env, provider, endpoint(env, ENDPOINTS.google.token), code, verifier ?? '');
    if (!tokens.idToken) throw new Error('google token exchange gave no ID token');
    // The ID token comes straight from Google's token endpoint over TLS, so its claims need no signature check (OIDC §3.1.3.7).
    const claims = decodeIdToken(tokens.idToken) as { sub: string; email?: string; email_verified?: boolean; name?: string; picture?: string };
    if (!claims.email) throw new AppError('FORBIDDEN', 'Your Google account has no email address');
    const email = claims.email.toLowerCase();
    return { id: claims.sub, email, emailVerified: claims.email_verified === true, name: claims.name ?? email, avatar: claims.picture ?? null };
  }
  const tokens = await exchangeCode(env, provider, endpoint(env, ENDPOINTS.github.token), code, null);
  const profile = await githubJson<{ id: number; login: string; name?: string | null; avatar_url?: string }>(
    endpoint(env, ENDPOINTS.github.user),
    tokens.accessToken,
  );
  const emails = await githubJson<{ email: string; primary: boolean; verified: boolean }[]>(endpoint(env, ENDPOINTS.github.emails), tokens.accessToken);
  const primary = Array.isArray(emails) ? emails.find((e) => e.primary) : undefined;
  if (!primary) throw new AppError('FORBIDDEN', 'Your GitHub account has no primary email address');
  const email = primary.email.toLowerCase();
  return { id: String(profile.id), email, emailVerified: primary.verified === true, name: profile.name || profile.login, avatar: profile.avatar_url ?? null };
}

type Ctx = Pick<Context, 'db' | 'auth' | 'now' | 'resHeaders' | 'sessionId' | 'env' | 'limiter' | 'ip' | 'user'> & { userAgent?: string };

/**
 * Signs in the account linked to the provider account; on first use links the account with the same
 * e-mail, or creates one, but only when the provider says the address is verified (an unverified one
 * would hand an existing account to whoever typed its address at the provider).
 */
export async function signInWithProfile(ctx: Ctx, provider: OAuthProvider, p: OAuthProfile) {
  try {
    const userId = await linkedAccount(ctx, provider, p);
    await signInAs(ctx, userId);
    await recordSignIn(ctx, p.email, provider, 'success', userId);
    return userId;
  } catch (err) {
    // Every attempt with an address from the provider is recorded for /admin/security, as other methods are.
    await recordSignIn(ctx, p.email, provider, outcomeOf(err));
    throw err;
  }
}

/** The account the provider account signs in to: linked before, or linked or created now. */
async function linkedAccount(ctx: Ctx, provider: OAuthProvider, p: OAuthProfile): Promise<string> {
  const now = ctx.now();
  // The link lookup, the account lookup, its confirmation or creation and the link are one transaction.
  return await tx(ctx.db, async (t) => {
    // Two callbacks of one first sign-in at once: the second finds the account and link the first made.
    await locks.accountEmail(t, p.email);
    const [linked] = await t
      .select({ userId: oauthAccounts.userId })
      .from(oauthAccounts)
      .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, p.id)))
      .limit(1);
    if (linked) return linked.userId;
    if (!p.emailVerified) throw new AppError('FORBIDDEN', `Your ${PROVIDER_LABELS[provider]} account has no verified email address`);
    const [existing] = await t.select().from(users).where(eq(users.email, p.email)).limit(1);
    const id = existing
      ? (await confirmEmailOwner(ctx, t, existing)).id
      : (await createAccount(t, { email: p.email, name: p.name, passwordHash: null, avatar: p.avatar, verified: true }, now)).id;
    await t.insert(oauthAccounts).values({ provider, providerUserId: p.id, userId: id, createdAt: now }).onConflictDoNothing();
    return id;
  });
}

export const randomState = () => crypto.randomBytes(16).toString('hex');
