// Standard Webhooks signatures (https://www.standardwebhooks.com): a secret "whsec_" + base64 of random
// bytes; each message carries webhook-id, webhook-timestamp (seconds) and webhook-signature "v1,<base64
// HMAC-SHA256 of `${id}.${timestamp}.${body}`>" under the secret's bytes.
import crypto from 'node:crypto';

const PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${PREFIX}${crypto.randomBytes(24).toString('base64')}`;
}

export function signatureOf(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${crypto.createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of one attempt (the timestamp is the attempt's, so a retry is signed afresh). */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatureOf(secret, id, timestamp, body) };
}
