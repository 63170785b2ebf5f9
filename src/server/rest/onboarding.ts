// The unsubscribe links of the product's own mail (onboarding e-mails, product newsletters). Under /api
// but outside /u/* (the subscribers'): GET only redirects to the confirmation page (link scanners open
// links); POST unsubscribes, either the mail client's one-click request (RFC 8058, no Origin header, so
// the CSRF check lets it through) or the page's plain form (same origin). The signed token is the authority.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { formFields } from './adapter';
import { productUnsubscribe, UNSUBSCRIBE_PAGE, UNSUBSCRIBE_PATH, type ProductList } from '../onboarding/unsubscribe';

const pageFor = (list: ProductList, token: string, extra = '') => `${UNSUBSCRIBE_PAGE}?list=${list}&token=${encodeURIComponent(token)}${extra}`;

function routes(list: ProductList) {
  return new Hono<AppEnv>()
    .get('/:token', (c) => c.redirect(pageFor(list, c.req.param('token')), 302))
    .post('/:token', async (c) => {
      const token = c.req.param('token');
      const body = await formFields(c.req);
      const oneClick = body['List-Unsubscribe'] === 'One-Click';
      const done = await productUnsubscribe(c.get('deps'), list, token);
      if (oneClick) return done ? c.text('Unsubscribed', 200) : c.text('Invalid unsubscribe link', 400);
      return c.redirect(pageFor(list, token, done ? `&done=${done.changed ? '1' : 'already'}` : ''), 303);
    });
}

export const onboardingRest = new Hono<AppEnv>().route(UNSUBSCRIBE_PATH.onboarding, routes('onboarding')).route(UNSUBSCRIBE_PATH.news, routes('news'));
