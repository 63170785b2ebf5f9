// The Stripe client through the official package, when the server is configured for payments: the
// secret key, the webhook secret and a monthly price id per purchasable plan. Loaded on first use.
import type StripeType from 'stripe';
import type { Env } from '../env';
import type { PurchasablePlan } from '../../shared/schemas/billing';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  prices: Record<PurchasablePlan, string>;
  apiBase: URL | null;
}

type StripeEnv = Pick<
  Env,
  'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PRICE_BASIC' | 'STRIPE_PRICE_PROFESSIONAL' | 'STRIPE_PRICE_BUSINESS' | 'STRIPE_API_BASE'
>;

/** Null unless every Stripe setting is present: a half-configured server takes no payments. */
export function stripeConfig(env: StripeEnv): StripeConfig | null {
  const {
    STRIPE_SECRET_KEY: key,
    STRIPE_WEBHOOK_SECRET: hook,
    STRIPE_PRICE_BASIC: basic,
    STRIPE_PRICE_PROFESSIONAL: pro,
    STRIPE_PRICE_BUSINESS: business,
  } = env;
  if (!key || !hook || !basic || !pro || !business) return null;
  return {
    secretKey: key,
    webhookSecret: hook,
    prices: { basic, professional: pro, business },
    apiBase: env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null,
  };
}

/** The plan a configured price id stands for, or null. */
export function planOfPrice(cfg: StripeConfig, priceId: string | null | undefined): PurchasablePlan | null {
  const hit = (Object.entries(cfg.prices) as [PurchasablePlan, string][]).find(([, id]) => id === priceId);
  return hit ? hit[0] : null;
}

const clients = new Map<string, Promise<StripeType>>();

export function stripeClient(cfg: StripeConfig): Promise<StripeType> {
  const key = `${cfg.secretKey}|${cfg.apiBase?.href ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = import('stripe').then(({ default: Stripe }) => {
      const base = cfg.apiBase;
      return new Stripe(cfg.secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        ...(base
          ? {
              host: base.hostname,
              port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
              protocol: base.protocol.replace(':', '') as 'http' | 'https',
            }
          : {}),
      });
    });
    clients.set(key, client);
  }
  return client;
}
