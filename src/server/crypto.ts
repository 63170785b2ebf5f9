// The server's own cryptography. Secrets at rest (provider and platform API keys, SMTP passwords):
// AES-256-GCM with a key derived from APP_SECRET by HKDF, a fresh 12-byte IV per value, stored as
// "v1.<iv>.<tag>.<ciphertext>" in base64url. Signed tokens (unsubscribe links of issues, onboarding and
// product news; open and click tracking): an HMAC-SHA256 of purpose and value, no storage. Every signed
// link is made and read here; the MAC keeps the HKDF key it was first written with, because links already
// sent in e-mails must keep working.
import crypto from 'node:crypto';

const VERSION = 'v1';
const keys = new Map<string, crypto.KeyObject>();

/**
 * The HKDF key of `appSecret`, kept as a KeyObject: on Node 24 an HMAC keyed by a Buffer costs ~20 µs
 * (the key is imported again on every call) against ~4 µs by a KeyObject, and a send signs several links
 * per reader.
 */
function keyFor(appSecret: string): crypto.KeyObject {
  let key = keys.get(appSecret);
  if (!key) {
    key = crypto.createSecretKey(Buffer.from(crypto.hkdfSync('sha256', appSecret, 'curated-secrets', 'provider-settings v1', 32)));
    keys.set(appSecret, key);
  }
  return key;
}

export function encryptSecret(appSecret: string, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(appSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Throws when the value was not written with this APP_SECRET or was altered. */
export function decryptSecret(appSecret: string, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unreadable secret');
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyFor(appSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A signed, URL-safe token for `purpose` and `value` (unsubscribe links): no storage needed. */
export function signToken(appSecret: string, purpose: string, value: string): string {
  const mac = crypto.createHmac('sha256', keyFor(appSecret)).update(`${purpose}\0${value}`).digest().subarray(0, 16).toString('base64url');
  return `${Buffer.from(value, 'utf8').toString('base64url')}.${mac}`;
}

// Exactly what signToken writes: base64url value, one dot, the 16-byte MAC in 22 base64url characters.
const TOKEN_SHAPE = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;

/**
 * The value inside a token made by signToken for the same purpose, or null when forged or altered. Only
 * the exact token reads: anything after the MAC (".x", a character, a NUL) makes it another string. The
 * encoded part must be the canonical base64url of the value: decoding ignores the spare low bits of the
 * last character, so a changed last character would otherwise still read as the same value.
 */
export function readToken(appSecret: string, purpose: string, token: string): string | null {
  const shape = token.length <= 512 ? TOKEN_SHAPE.exec(token) : null;
  if (!shape) return null;
  const [, encoded = '', mac = ''] = shape;
  const value = Buffer.from(encoded, 'base64url').toString('utf8');
  if (Buffer.from(value, 'utf8').toString('base64url') !== encoded) return null;
  const expected = signToken(appSecret, purpose, value).split('.')[1]!;
  return safeEqual(mac, expected) ? value : null;
}

/** Compares a given secret (a MAC, a signature) with the expected one in constant time. */
export function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The SHA-256 of a token, in hex: what is stored of a single-use token (resets, invitations, confirmations). */
export const sha256Hex = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
