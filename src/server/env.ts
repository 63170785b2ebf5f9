// Configuration from the environment, validated once at start with a clear message.
import { z } from 'zod';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import net from 'node:net';

const positiveInt = (name: string) => `${name} must be a whole number above 0`;
const intFrom = (name: string, def: number) =>
  z.coerce
    .number({ message: positiveInt(name) })
    .int(positiveInt(name))
    .positive(positiveInt(name))
    .default(def);
const portMessage = 'PORT must be a whole number from 0 to 65535';

function hasHost(v: string) {
  try {
    return new URL(v).hostname !== '';
  } catch {
    return false;
  }
}

/** DOMAIN_DNS_SERVERS's entries. */
export const dnsServerList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function isDnsServer(entry: string): boolean {
  const m = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry) ?? /^([\d.]+)(?::(\d{1,5}))?$/.exec(entry) ?? /^([0-9a-f:]+)()$/i.exec(entry);
  if (!m || net.isIP(m[1]!) === 0) return false;
  return !m[2] || (Number(m[2]) > 0 && Number(m[2]) < 65536);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: portMessage }).int(portMessage).min(0, portMessage).max(65535, portMessage).default(3000),
  HOST: z.string().optional(),
  DATABASE_PATH: z.string().min(1).default('./data/app.db'),
  /** postgres://… runs on that Postgres database instead of the SQLite file (several processes may share it). */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a Postgres URL, e.g. postgres://user:pass@db.example.com:5432/curated')
    .optional(),
  /** The built client the server serves (another build folder for side-by-side e2e runs). */
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  APP_URL: z.url({ protocol: /^https?$/, message: 'APP_URL must be an absolute http(s) URL, e.g. https://news.example.com' }).optional(),
  DEV_ORIGIN: z
    .url({ protocol: /^https?$/, message: 'DEV_ORIGIN must be an http(s) origin, e.g. http://localhost:5173' })
    .transform((v) => new URL(v).origin)
    .optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'SMTP_URL must start with smtp:// or smtps://', abort: true })
    .refine(hasHost, 'SMTP_URL must name a host, e.g. smtp://user:pass@smtp.example.com:587')
    .optional(),
  MAIL_FROM: z.string().default('Curated <newsletter@curated.email>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  RATE_LIMIT_SIGNIN_PER_EMAIL: intFrom('RATE_LIMIT_SIGNIN_PER_EMAIL', 10),
  RATE_LIMIT_SIGNIN_PER_IP: intFrom('RATE_LIMIT_SIGNIN_PER_IP', 30),
  RATE_LIMIT_SIGNUP_PER_IP: intFrom('RATE_LIMIT_SIGNUP_PER_IP', 20),
  RATE_LIMIT_CODES_PER_EMAIL: intFrom('RATE_LIMIT_CODES_PER_EMAIL', 5),
  RATE_LIMIT_LEADS_PER_IP: intFrom('RATE_LIMIT_LEADS_PER_IP', 10),
  /** How long one webhook delivery attempt may take before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: intFrom('WEBHOOK_TIMEOUT_MS', 10_000),
  /** Requests per minute per public API key (429 with Retry-After beyond). */
  API_RATE_LIMIT_PER_MINUTE: intFrom('API_RATE_LIMIT_PER_MINUTE', 600),
  FETCH_ALLOW_HOSTS: z.string().default(''),
  /** Name servers the custom-domain check asks for its TXT record (`ip` or `ip:port`, `[v6]:port`, comma-separated); unset: the system's. */
  DOMAIN_DNS_SERVERS: z
    .string()
    .default('')
    .refine(
      (v) => dnsServerList(v).every(isDnsServer),
      'DOMAIN_DNS_SERVERS must list name server addresses, e.g. 1.1.1.1,8.8.8.8:53 or [2606:4700:4700::1111]:53',
    ),
  FEED_FRESHNESS_MINUTES: intFrom('FEED_FRESHNESS_MINUTES', 15),
  /**
   * SQLite: seconds a claimed job stays a worker's without a heartbeat; a crashed process's sends resume
   * after it. Postgres (pg-boss, no heartbeat): a run's slice; a job expires after five (jobs/pg-boss-queue.ts).
   */
  QUEUE_LEASE_SECONDS: intFrom('QUEUE_LEASE_SECONDS', 30),
  /** 'off' runs no delivery worker in this process (another process delivers). */
  DELIVERY_WORKER: z.enum(['on', 'off']).default('on'),
  /** An OpenAI-compatible chat-completions endpoint (e.g. https://api.openai.com/v1); without it the built-in engine writes. */
  AI_BASE_URL: z.url({ protocol: /^https?$/, message: 'AI_BASE_URL must be an absolute http(s) URL, e.g. https://api.openai.com/v1' }).optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().max(200).optional(),
  /** A JSON list of OpenAI-compatible models and the plans each serves (src/server/ai/models.ts). */
  AI_MODELS: z.string().max(20_000).optional(),
  /** Stripe: payments are on when the secret key, the webhook secret and the three monthly price ids are set. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_BASIC: z.string().optional(),
  STRIPE_PRICE_PROFESSIONAL: z.string().optional(),
  STRIPE_PRICE_BUSINESS: z.string().optional(),
  /** Where the Stripe API is (tests point it at a loopback fake); default Stripe's own. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, message: 'STRIPE_API_BASE must be an absolute http(s) URL' }).optional(),
  /** Tests only: every integration platform's API is `${INTEGRATIONS_API_BASE}/<platform>` (a loopback fake) instead of the vendor's. */
  INTEGRATIONS_API_BASE: z.url({ protocol: /^https?$/, message: 'INTEGRATIONS_API_BASE must be an absolute http(s) URL' }).optional(),
  /** Tests only: Google's and GitHub's OAuth and API addresses become `${OAUTH_API_BASE}/<their host><path>` (a loopback fake). */
  OAUTH_API_BASE: z.url({ protocol: /^https?$/, message: 'OAUTH_API_BASE must be an absolute http(s) URL' }).optional(),
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
});

export type RawEnv = z.infer<typeof envSchema>;
export interface Env extends RawEnv {
  APP_URL: string;
  APP_SECRET: string;
  isProduction: boolean;
}

/** Parses the environment; throws an Error listing every bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env, opts: { persistSecret?: boolean } = {}): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = i.path.join('.');
      return `  ${i.message.startsWith(name) ? i.message : `${name}: ${i.message}`}`;
    });
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  if (raw.DATABASE_URL && !raw.APP_SECRET && opts.persistSecret !== false) {
    // Every process signs tokens and encrypts settings with it; a secret generated per machine would not verify on the others.
    throw new Error(
      'Invalid configuration:\n  APP_SECRET is required when DATABASE_URL names Postgres: set the same secret (32+ characters) on every process.',
    );
  }
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');
  const secret = raw.APP_SECRET ?? (opts.persistSecret === false ? crypto.randomBytes(32).toString('hex') : secretFromDataFolder(raw.DATABASE_PATH));
  return { ...raw, APP_URL: appUrl, APP_SECRET: secret, isProduction: raw.NODE_ENV === 'production' };
}

/** Generates APP_SECRET into the data folder on first start and reuses it afterwards. */
function secretFromDataFolder(dbPath: string): string {
  const dir = dbPath === ':memory:' ? path.resolve('data') : path.dirname(path.resolve(dbPath));
  const file = path.join(dir, 'app-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
