// A loopback fake of the Stripe API endpoints the product uses, with Stripe's documented shapes
// (form-encoded requests, JSON objects with `object`, errors as { error: { type, message } }):
// POST /v1/customers, POST /v1/checkout/sessions, GET /v1/subscriptions/:id,
// POST /v1/billing_portal/sessions. Its checkout and portal pages stand in for Stripe's hosted ones:
// paying or cancelling there changes the fake's subscription and posts the webhook events, signed as
// Stripe signs them (HMAC-SHA256 of "timestamp.payload" with the endpoint secret).
import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete';
  cancel_at_period_end: boolean;
  start_date: number;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      current_period_end: number;
      price: { id: string; object: 'price'; unit_amount: number; currency: string; recurring: { interval: 'month' } };
    }[];
  };
}

interface Session {
  id: string;
  customer: string;
  price: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  subscription: string | null;
}

export interface FakeStripe {
  url: string;
  port: number;
  /** Every API request: method, path and the decoded form fields. */
  requests: { method: string; path: string; form: Record<string, string>; auth: string | undefined }[];
  customers: Map<string, { id: string; email: string; name: string; metadata: Record<string, string> }>;
  sessions: Map<string, Session>;
  subscriptions: Map<string, FakeSubscription>;
  /** Pays a checkout session: creates its subscription and posts checkout.session.completed and invoice.paid. */
  completeCheckout(sessionId: string): Promise<FakeSubscription>;
  /** Changes a subscription and posts customer.subscription.updated (or .deleted when canceled). */
  updateSubscription(id: string, patch: Partial<Pick<FakeSubscription, 'status' | 'cancel_at_period_end'>>): Promise<void>;
  /** A signed event as Stripe would post it (for replay and forgery tests). */
  signedEvent(type: string, object: unknown, opts?: { id?: string; secret?: string; timestamp?: number }): { body: string; signature: string; id: string };
  /** Posts an event to the webhook URL; returns the HTTP status. */
  deliver(type: string, object: unknown): Promise<number>;
  close(): Promise<void>;
}

/** Stripe-style id: prefix and 24 random characters. */
const newId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(12).toString('hex')}`;

function sign(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Stripe-node sends nested params as `a[b][c]=v`; tests read the flat keys. */
function readForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

function sub(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) {
    const m = k.startsWith(`${prefix}[`) ? /^\[([^\]]+)\]$/.exec(k.slice(prefix.length)) : null;
    if (m) out[m[1]!] = v;
  }
  return out;
}

export async function startFakeStripe(opts: {
  webhookUrl: string | (() => string);
  webhookSecret: string;
  apiKey: string;
  prices: Record<string, number>;
  port?: number;
}): Promise<FakeStripe> {
  const PRICES = opts.prices;
  const requests: FakeStripe['requests'] = [];
  const customers: FakeStripe['customers'] = new Map();
  const sessions = new Map<string, Session>();
  const subscriptions = new Map<string, FakeSubscription>();
  const sockets = new Set<Socket>();
  let base = '';

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, message: string, type = 'invalid_request_error') => json(res, status, { error: { type, message } });
  const html = (res: http.ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>Stripe (test)</title></head><body>${body}</body></html>`);
  };

  const signedEvent: FakeStripe['signedEvent'] = (type, object, o = {}) => {
    const id = o.id ?? newId('evt');
    const body = JSON.stringify({
      id,
      object: 'event',
      api_version: '2025-10-29.clover',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
    });
    return { id, body, signature: sign(body, o.secret ?? opts.webhookSecret, o.timestamp) };
  };

  const deliver: FakeStripe['deliver'] = async (type, object) => {
    const e = signedEvent(type, object);
    const target = typeof opts.webhookUrl === 'function' ? opts.webhookUrl() : opts.webhookUrl;
    const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': e.signature }, body: e.body });
    await res.text();
    return res.status;
  };

  const completeCheckout: FakeStripe['completeCheckout'] = async (sessionId) => {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no checkout session ${sessionId}`);
    const now = Math.floor(Date.now() / 1000);
    const subscription: FakeSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer: s.customer,
      status: 'active',
      cancel_at_period_end: false,
      start_date: now,
      metadata: s.subscriptionMetadata,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            current_period_end: now + 30 * 86400,
            price: { id: s.price, object: 'price', unit_amount: PRICES[s.price] ?? 0, currency: 'usd', recurring: { interval: 'month' } },
          },
        ],
      },
    };
    subscriptions.set(subscription.id, subscription);
    s.subscription = subscription.id;
    await deliver('checkout.session.completed', {
      id: s.id,
      object: 'checkout.session',
      customer: s.customer,
      subscription: subscription.id,
      metadata: s.metadata,
      payment_status: 'paid',
      status: 'complete',
    });
    await deliver('invoice.paid', {
      id: newId('in'),
      object: 'invoice',
      customer: s.customer,
      amount_paid: PRICES[s.price] ?? 0,
      status: 'paid',
      status_transitions: { paid_at: now },
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    });
    return subscription;
  };

  const updateSubscription: FakeStripe['updateSubscription'] = async (id, patch) => {
    const s = subscriptions.get(id);
    if (!s) throw new Error(`no subscription ${id}`);
    Object.assign(s, patch);
    await deliver(s.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', s);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', base);
        const form = readForm(Buffer.concat(chunks).toString('utf8'));
        const path = url.pathname;
        // Hosted pages (what the browser opens): checkout and portal.
        const page = /^\/(checkout|portal)\/([\w~-]+)(\/(pay|cancel))?$/.exec(path);
        if (page) {
          const [, kind, id, , action] = page;
          if (kind === 'checkout') {
            const s = sessions.get(id!);
            if (!s) return error(res, 404, 'No such checkout session');
            if (req.method === 'POST' && action === 'pay') {
              await completeCheckout(s.id);
              res.writeHead(303, { location: s.successUrl });
              return res.end();
            }
            return html(
              res,
              `<h1>Pay for ${s.metadata.plan ?? 'your plan'}</h1><p>Test checkout of the fake Stripe.</p><form method="post" action="/checkout/${s.id}/pay"><button type="submit">Pay</button></form><a href="${s.cancelUrl}">Cancel</a>`,
            );
          }
          const customer = id!.split('~')[1];
          const live = [...subscriptions.values()].find((x) => x.customer === customer && x.status !== 'canceled');
          if (req.method === 'POST' && action === 'cancel' && live) {
            await updateSubscription(live.id, { cancel_at_period_end: true });
            return html(res, '<h1>Subscription canceled</h1><p>It stays active until the end of the period.</p>');
          }
          return html(
            res,
            `<h1>Billing portal (test)</h1>${live ? `<form method="post" action="/portal/${id}/cancel"><button type="submit">Cancel subscription</button></form>` : '<p>No subscription.</p>'}`,
          );
        }
        requests.push({ method: req.method ?? 'GET', path, form, auth: req.headers.authorization });
        if (req.headers.authorization !== `Bearer ${opts.apiKey}`) return error(res, 401, 'Invalid API Key provided');
        if (req.method === 'POST' && path === '/v1/customers') {
          const c = { id: newId('cus'), email: form.email ?? '', name: form.name ?? '', metadata: sub(form, 'metadata') };
          customers.set(c.id, c);
          return json(res, 200, { object: 'customer', ...c });
        }
        if (req.method === 'POST' && path === '/v1/checkout/sessions') {
          const price = form['line_items[0][price]'];
          if (!price || !(price in PRICES)) return error(res, 400, `No such price: '${price}'`);
          if (!form.customer || !customers.has(form.customer)) return error(res, 400, `No such customer: '${form.customer}'`);
          const s: Session = {
            id: newId('cs'),
            customer: form.customer,
            price,
            successUrl: form.success_url ?? '',
            cancelUrl: form.cancel_url ?? '',
            metadata: sub(form, 'metadata'),
            subscriptionMetadata: Object.fromEntries(
              Object.entries(form).flatMap(([k, v]) => (/^subscription_data\[metadata\]\[([^\]]+)\]$/.exec(k) ? [[/\[([^\]]+)\]$/.exec(k)![1]!, v]] : [])),
            ),
            subscription: null,
          };
          sessions.set(s.id, s);
          return json(res, 200, {
            id: s.id,
            object: 'checkout.session',
            mode: form.mode,
            customer: s.customer,
            url: `${base}/checkout/${s.id}`,
            status: 'open',
            metadata: s.metadata,
          });
        }
        const subMatch = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
        if (req.method === 'GET' && subMatch) {
          const s = subscriptions.get(subMatch[1]!);
          return s ? json(res, 200, s) : error(res, 404, `No such subscription: '${subMatch[1]}'`);
        }
        if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
          if (!form.customer || !customers.has(form.customer)) return error(res, 400, `No such customer: '${form.customer}'`);
          const id = newId('bps');
          return json(res, 200, {
            id,
            object: 'billing_portal.session',
            customer: form.customer,
            return_url: form.return_url,
            url: `${base}/portal/${id}~${form.customer}`,
          });
        }
        return error(res, 404, `Unrecognized request URL (${req.method}: ${path})`);
      })().catch((err: unknown) => error(res, 500, String(err), 'api_error'));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    requests,
    customers,
    sessions,
    subscriptions,
    completeCheckout,
    updateSubscription,
    signedEvent,
    deliver,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
