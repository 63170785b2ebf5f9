import { describe, it, expect, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEnv } from '../../../src/server/env';

const base = { DATABASE_PATH: ':memory:' };
const load = (vars: Record<string, string>) => loadEnv({ ...base, ...vars }, { persistSecret: false });

describe('environment validation', () => {
  it('defaults: port 3000, APP_URL from the port, rate limits on with the spec defaults', () => {
    const env = load({});
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe('http://localhost:3000');
    expect(env.isProduction).toBe(false);
    expect(env).toMatchObject({
      RATE_LIMITS: 'on',
      RATE_LIMIT_SIGNIN_PER_EMAIL: 10,
      RATE_LIMIT_SIGNIN_PER_IP: 30,
      RATE_LIMIT_SIGNUP_PER_IP: 20,
      RATE_LIMIT_CODES_PER_EMAIL: 5,
      RATE_LIMIT_LEADS_PER_IP: 10,
    });
    expect(load({ PORT: '4100' }).APP_URL).toBe('http://localhost:4100');
    expect(load({ APP_URL: 'https://news.example.com/' }).APP_URL).toBe('https://news.example.com');
    expect(load({ NODE_ENV: 'production' }).isProduction).toBe(true);
  });

  it('treats empty variables as unset', () => {
    const env = load({ PORT: '', SMTP_URL: '' });
    expect(env.PORT).toBe(3000);
    expect(env.SMTP_URL).toBeUndefined();
  });

  it.each([['abc'], ['70000'], ['-1'], ['3000.5']])('a bad PORT (%s) names the variable', (port) => {
    expect(() => load({ PORT: port })).toThrow(/Invalid configuration:\n\s+PORT must be a whole number from 0 to 65535/);
  });

  it.each([
    ['mail.example.com', /SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
    ['http://mail.example.com', /SMTP_URL must start with smtp:\/\//],
    ['smtp://', /SMTP_URL must name a host/],
  ])('a bad SMTP_URL (%s) names the variable', (url, message) => {
    expect(() => load({ SMTP_URL: url })).toThrow(message);
  });

  it('DOMAIN_DNS_SERVERS: name server addresses, with ports and IPv6 in brackets; anything else is refused', () => {
    expect(load({ DOMAIN_DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[2606:4700:4700::1111]:53,2001:4860:4860::8888' }).DOMAIN_DNS_SERVERS).toContain('5353');
    for (const bad of ['dns.example.com', '1.1.1.1:0', '1.1.1.1:70000', '999.1.1.1', 'http://1.1.1.1'])
      expect(() => load({ DOMAIN_DNS_SERVERS: bad }), bad).toThrow(/DOMAIN_DNS_SERVERS must list name server addresses/);
  });

  it('accepts smtp and smtps URLs', () => {
    expect(load({ SMTP_URL: 'smtps://user:pass@smtp.example.com:465' }).SMTP_URL).toBe('smtps://user:pass@smtp.example.com:465');
  });

  it('lists every bad variable at once', () => {
    let message = '';
    try {
      load({ PORT: 'x', APP_URL: 'localhost:3000', RATE_LIMITS: 'sometimes', APP_SECRET: 'short' });
    } catch (err) {
      message = (err as Error).message;
    }
    for (const name of ['PORT', 'APP_URL', 'RATE_LIMITS', 'APP_SECRET']) expect(message).toContain(name);
  });
});

describe('APP_SECRET', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('is generated into the data folder on first start and reused afterwards', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'env-secret-'));
    dirs.push(dir);
    const dbPath = path.join(dir, 'nested', 'app.db');
    const first = loadEnv({ DATABASE_PATH: dbPath });
    const file = path.join(dir, 'nested', 'app-secret');
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.APP_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(loadEnv({ DATABASE_PATH: dbPath }).APP_SECRET).toBe(first.APP_SECRET);
  });

  it('an APP_SECRET from the environment wins and writes nothing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'env-secret-'));
    dirs.push(dir);
    const secret = 'x'.repeat(40);
    expect(loadEnv({ DATABASE_PATH: path.join(dir, 'app.db'), APP_SECRET: secret }).APP_SECRET).toBe(secret);
    expect(fs.existsSync(path.join(dir, 'app-secret'))).toBe(false);
  });

  it('a short APP_SECRET is refused', () => {
    expect(() => load({ APP_SECRET: 'short' })).toThrow(/APP_SECRET must be at least 32 characters/);
  });
});
