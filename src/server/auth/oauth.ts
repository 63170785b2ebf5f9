// Google and GitHub sign-in through arctic, enabled when their client id and secret are configured.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { oauthAccounts, users } from '../../../db/schema';
import type { Env } from '../env';
import type { Context } from '../trpc/context';
import { AppError } from '../errors';
import { confirmEmailOwner, createAccount, signInAs } from './accounts';

export const OAUTH_PROVIDERS = ['google', 'github'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export function configuredProviders(env: Env): Record<OAuthProvider, boolean> {
  return {
    google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    github: Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET),
  };
}

const callbackUrl = (env: Env, p: OAuthProvider) => `${env.APP_URL}/api/auth/oauth/${p}/callback`;

// arctic loads on first use: most servers never configure OAuth, and it costs start-up time.
const arctic = () => import('arctic');

/** The provider's authorization address plus the state (and PKCE verifier) to keep in cookies. */
export async function authorizationUrl(env: Env, provider: OAuthProvider) {
  const { GitHub, Google, generateCodeVerifier, generateState } = await arctic();
  const state = generateState();
  if (provider === 'github') {
    const gh = new GitHub(env.GITHUB_CLIENT_ID!, env.GITHUB_CLIENT_SECRET!, callbackUrl(env, provider));
    return { url: gh.createAuthorizationURL(state, ['read:user', 'user:email']), state, verifier: null };
  }
  const verifier = generateCodeVerifier();
  const g = new Google(env.GOOGLE_CLIENT_ID!, env.GOOGLE_CLIENT_SECRET!, callbackUrl(env, provider));
  return { url: g.createAuthorizationURL(state, verifier, ['openid', 'profile', 'email']), state, verifier };
}

interface OAuthProfile {
  id: string;
  email: string;
  name: string;
  avatar: string | null;
}

/** Exchanges the code and reads the profile from the provider's documented endpoints. */
export async function fetchProfile(env: Env, provider: OAuthProvider, code: string, verifier: string | null): Promise<OAuthProfile> {
  const { GitHub, Google, decodeIdToken } = await arctic();
  if (provider === 'google') {
    const g = new Google(env.GOOGLE_CLIENT_ID!, env.GOOGLE_CLIENT_SECRET!, callbackUrl(env, provider));
    const tokens = await g.validateAuthorizationCode(code, verifier ?? '');
    const claims = decodeIdToken(tokens.idToken()) as { sub: string; email?: string; email_verified?: boolean; name?: string; picture?: string };
    if (!claims.email || claims.email_verified === false) throw new AppError('FORBIDDEN', 'Your Google account has no verified email address');
    return { id: claims.sub, email: claims.email.toLowerCase(), name: claims.name ?? claims.email, avatar: claims.picture ?? null };
  }
  const gh = new GitHub(env.GITHUB_CLIENT_ID!, env.GITHUB_CLIENT_SECRET!, callbackUrl(env, provider));
  const tokens = await gh.validateAuthorizationCode(code);
  const headers = { Authorization: `Bearer ${tokens.accessToken()}`, 'User-Agent': 'Curated-Newsletter-Builder' };
  const profile = (await (await fetch('https://api.github.com/user', { headers })).json()) as { id: number; login: string; name?: string; avatar_url?: string };
  const emails = (await (await fetch('https://api.github.com/user/emails', { headers })).json()) as { email: string; primary: boolean; verified: boolean }[];
  const primary = Array.isArray(emails) ? emails.find((e) => e.primary && e.verified) : undefined;
  if (!primary) throw new AppError('FORBIDDEN', 'Your GitHub account has no verified primary email address');
  return { id: String(profile.id), email: primary.email.toLowerCase(), name: profile.name || profile.login, avatar: profile.avatar_url ?? null };
}

type Ctx = Pick<Context, 'db' | 'auth' | 'now' | 'resHeaders' | 'sessionId' | 'env' | 'limiter' | 'ip' | 'user'>;

/** Links the provider account to the user with the same verified e-mail, or creates one. */
export async function signInWithProfile(ctx: Ctx, provider: OAuthProvider, p: OAuthProfile) {
  const now = ctx.now();
  const linked = ctx.db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, p.id)))
    .get();
  let userId = linked?.userId;
  if (!userId) {
    const existing = ctx.db.select().from(users).where(eq(users.email, p.email)).get();
    userId = existing
      ? (await confirmEmailOwner(ctx, existing)).id
      : createAccount(ctx.db, { email: p.email, name: p.name, passwordHash: null, avatar: p.avatar, verified: true }, now).id;
    ctx.db.insert(oauthAccounts).values({ provider, providerUserId: p.id, userId, createdAt: now }).onConflictDoNothing().run();
  }
  await signInAs(ctx, userId);
  return userId;
}

export const randomState = () => crypto.randomBytes(16).toString('hex');
