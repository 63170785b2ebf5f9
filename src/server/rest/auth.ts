// REST: /api/auth/*, /api/user, /api/login, /api/newsletter-signup (spec §7 and the foundation issue).
import { Hono } from 'hono';
import { setCookie, getCookie, deleteCookie } from 'hono/cookie';
import type { AppEnv } from '../http/types';
import { errorResponse, readJson, requestContext, rest } from './adapter';
import { authorizationUrl, configuredProviders, fetchProfile, isOAuthProvider, signInWithProfile } from '../auth/oauth';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import { authCheckJson } from '../user/dto';

// A plain Response with a plain header object: under @hono/node-server it reaches writeHead as it is,
// where c.json() builds a Headers object and converts it back. The session's own Set-Cookie (a refreshed
// or cleared session) is added here, since a returned Response does not take c.header()'s headers.
const CHECK_HEADERS = { 'Content-Type': 'application/json', 'X-Protected-Content': 'true', 'X-Anti-Scraping': 'active', 'Cache-Control': 'no-store' };

export const authRest = new Hono<AppEnv>()
  .post('/auth/signup', (c) => rest(c, async (api) => api.auth.signUp(await readJson(c)), { status: 201 }))
  .post('/auth/login', (c) => rest(c, async (api) => api.auth.signIn(await readJson(c))))
  .post('/auth/logout', (c) => rest(c, (api) => api.auth.signOut()))
  // The hottest path (every page load asks it): the procedure has no input and no authorization of its
  // own, so this adapter calls its domain function directly and skips the tRPC pipeline (~20 µs a call).
  .get('/auth/check', (c) => {
    const cookie = c.get('sessionCookie');
    const body = authCheckJson(c.get('user'), c.get('deps').now());
    return new Response(body, { status: 200, headers: cookie ? { ...CHECK_HEADERS, 'Set-Cookie': cookie } : CHECK_HEADERS });
  })
  .post('/auth/send-code', (c) => rest(c, async (api) => api.auth.sendCode(await readJson(c))))
  .post('/auth/verify-code', (c) => rest(c, async (api) => api.auth.verifyCode(await readJson(c))))
  .post('/auth/forgot-password', (c) => rest(c, async (api) => api.auth.forgotPassword(await readJson(c))))
  .post('/auth/reset-password', (c) => rest(c, async (api) => api.auth.resetPassword(await readJson(c))))
  .get('/auth/providers', (c) => rest(c, (api) => api.auth.providers()))
  .get('/user', (c) => rest(c, (api) => api.user.get()))
  .put('/user', (c) => rest(c, async (api) => api.user.update(await readJson(c))))
  .get('/login', (c) => c.redirect('/auth', 302))
  .post('/newsletter-signup', (c) => rest(c, async (api) => api.leads.subscribe(await readJson(c))))
  // OAuth: redirect to the provider, then come back to the callback with a code.
  .get('/auth/oauth/:provider', async (c) => {
    const provider = c.req.param('provider');
    const env = c.get('deps').env;
    if (!isOAuthProvider(provider)) return errorResponse(c, new AppError('NOT_FOUND', MSG.notFoundApi));
    if (!configuredProviders(env)[provider]) {
      const label = provider === 'google' ? 'Google' : 'GitHub';
      return errorResponse(c, new AppError('PRECONDITION_FAILED', MSG.providerNotConfigured(label)));
    }
    const { url, state, verifier } = await authorizationUrl(env, provider);
    const opts = { httpOnly: true, secure: env.isProduction, sameSite: 'Lax' as const, path: '/', maxAge: 600 };
    setCookie(c, 'oauth_state', state, opts);
    if (verifier) setCookie(c, 'oauth_verifier', verifier, opts);
    return c.redirect(url.toString(), 302);
  })
  .get('/auth/oauth/:provider/callback', async (c) => {
    const provider = c.req.param('provider');
    const deps = c.get('deps');
    const state = c.req.query('state');
    const code = c.req.query('code');
    const expected = getCookie(c, 'oauth_state');
    const verifier = getCookie(c, 'oauth_verifier') ?? null;
    deleteCookie(c, 'oauth_state', { path: '/' });
    deleteCookie(c, 'oauth_verifier', { path: '/' });
    if (!isOAuthProvider(provider) || !configuredProviders(deps.env)[provider] || !code || !state || state !== expected) {
      return c.redirect('/auth?error=oauth', 302);
    }
    try {
      const profile = await fetchProfile(deps.env, provider, code, verifier);
      const resHeaders = new Headers();
      // Signed in as the provider's account, whoever this browser was signed in as before.
      await signInWithProfile({ ...requestContext(c, resHeaders), user: null, sessionId: null }, provider, profile);
      for (const v of resHeaders.getSetCookie()) c.header('Set-Cookie', v, { append: true });
      return c.redirect('/dashboard', 302);
    } catch (err) {
      deps.log.error(`oauth ${provider} callback failed`, err);
      return c.redirect('/auth?error=oauth', 302);
    }
  });
