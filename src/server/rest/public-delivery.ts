// Public delivery paths outside /api: one-click unsubscribe (/u/:token, RFC 8058) and the web
// archive of sent issues with its RSS feed (/p/:slug/...). No session and no CSRF check: mail clients
// POST the one-click request from anywhere, and the signed token is the only authority needed; an
// issue's page takes its subscribe form's post (the hosted page's double opt-in, nothing more).
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { formFields } from './adapter';
import { unsubscribe } from '../readers/unsubscribe';
import { archiveFeed, archivedIssue } from '../delivery/archive';
import { issuePageHtml, type SubscribeAnswer } from '../delivery/archive-page';
import { AppError } from '../errors';
import { signup } from '../readers/subscription/signup';
import { signupInput } from '../../shared/schemas/subscribers';

const pageFor = (token: string, extra = '') => `/unsubscribe?token=${encodeURIComponent(token)}${extra}`;

export const publicDeliveryRest = new Hono<AppEnv>()
  // A link scanner fetching the URL must not unsubscribe anyone: GET only shows the confirmation page.
  .get('/u/:token', (c) => c.redirect(pageFor(c.req.param('token')), 302))
  .post('/u/:token', async (c) => {
    const token = c.req.param('token');
    const body = await formFields(c.req);
    // RFC 8058: the mail client posts "List-Unsubscribe=One-Click" and reads only the status.
    const oneClick = body['List-Unsubscribe'] === 'One-Click';
    // On a custom domain only that account's readers can leave through it (as its pages show only them).
    const done = await unsubscribe({ ...c.get('deps'), servedFor: c.get('customDomain')?.userId }, token, oneClick ? 'one-click' : 'page');
    if (oneClick) return done ? c.text('Unsubscribed', 200) : c.text('Invalid unsubscribe link', 400);
    return c.redirect(pageFor(token, done ? '&done=1' : ''), 303);
  })
  .get('/p/:slug/feed.xml', async (c) => {
    const xml = await archiveFeed(c.get('deps'), c.req.param('slug'));
    if (!xml) return c.text('Not found', 404);
    return c.body(xml, 200, { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' });
  })
  .get('/p/:slug/issues/:id', async (c) => {
    const deps = c.get('deps');
    const issue = await archivedIssue(deps.db, c.req.param('slug'), c.req.param('id'), deps.now());
    if (!issue) return c.notFound();
    return c.html(issuePageHtml(issue), 200, { 'Cache-Control': 'public, max-age=300' });
  })
  .post('/p/:slug/issues/:id', async (c) => {
    const deps = c.get('deps');
    const issue = await archivedIssue(deps.db, c.req.param('slug'), c.req.param('id'), deps.now());
    if (!issue) return c.notFound();
    const fields = await formFields(c.req);
    const field = (k: string) => (typeof fields[k] === 'string' ? fields[k] : '');
    const answer = (status: 200 | 400 | 429 | 502, said: SubscribeAnswer, headers: Record<string, string> = {}) =>
      c.html(issuePageHtml(issue, said), status, { 'Cache-Control': 'no-store', ...headers });
    const parsed = signupInput.safeParse({ slug: issue.slug, email: field('email'), name: field('name') });
    if (!parsed.success) return answer(400, { ok: false, message: parsed.error.issues[0]?.message ?? 'Please enter a valid email address' });
    try {
      return answer(200, { ok: true, message: (await signup({ ...deps, ip: c.get('ip') }, parsed.data)).message });
    } catch (err) {
      if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS')
        return answer(429, { ok: false, message: err.message }, { 'Retry-After': String(Number(err.data?.retryAfterSeconds) || 60) });
      if (err instanceof AppError && err.code === 'BAD_GATEWAY') return answer(502, { ok: false, message: err.message });
      throw err;
    }
  });
