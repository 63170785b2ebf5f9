// /f/:id: the embeddable signup form's page (the iframe variant) and the endpoint every variant posts to
// from other sites. Outside /api, so no session and no CSRF check: a cross-site post is its purpose, it
// reads no cookie, and it can only start the double opt-in of the form's own publication.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/types';
import { formFields } from './adapter';
import { AppError } from '../errors';
import { ISSUED_FIELD, issuedToken, publicForm, submitForm } from '../readers/forms';
import { readerBrandOf } from '../readers/pages/reader-brand';
import { backLinkOf, FORM_PAGE_HEADERS, formPageHtml, problemHtml, thanksHtml } from '../readers/form-pages';
import { READERS_MSG } from '../../shared/schemas/readers';

const notFound = (c: Context<AppEnv>) => c.html(problemHtml(READERS_MSG.formNotFound), 404, FORM_PAGE_HEADERS);

export const formsPublicRest = new Hono<AppEnv>()
  .get('/f/:id', async (c) => {
    const deps = c.get('deps');
    const found = await publicForm(deps.db, c.req.param('id'));
    if (!found) return notFound(c);
    return c.html(formPageHtml(found.pub.name, found.form.id, issuedToken(deps.env.APP_SECRET, found.form.id, deps.now())), 200, FORM_PAGE_HEADERS);
  })
  .post('/f/:id', async (c) => {
    const deps = c.get('deps');
    const found = await publicForm(deps.db, c.req.param('id'));
    if (!found) return notFound(c);
    const fields = await formFields(c.req);
    try {
      const outcome = await submitForm({ ...deps, ip: c.get('ip') }, found, fields);
      if (outcome.kind === 'invalid') return c.html(problemHtml(outcome.message), 400, FORM_PAGE_HEADERS);
      if (outcome.kind === 'limited')
        return c.html(problemHtml(outcome.message, null), 429, { ...FORM_PAGE_HEADERS, 'Retry-After': String(outcome.retryAfterSeconds) });
      if (outcome.redirect) return c.body(null, 303, { ...FORM_PAGE_HEADERS, Location: outcome.redirect });
      const brand = await readerBrandOf(deps.db, found.pub, deps.now());
      const own = [new URL(c.req.url).origin, new URL(deps.env.APP_URL).origin];
      const back = backLinkOf({ referer: c.req.header('referer'), origin: c.req.header('origin') }, own);
      return c.html(thanksHtml(brand, { back, framed: fields[ISSUED_FIELD] !== undefined }), 200, FORM_PAGE_HEADERS);
    } catch (err) {
      // The confirmation mail could not leave: the reader is told to try again (nothing else can fail here).
      if (err instanceof AppError && err.code === 'BAD_GATEWAY') return c.html(problemHtml(err.message), 502, FORM_PAGE_HEADERS);
      throw err;
    }
  });
