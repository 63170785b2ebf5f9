// Signed-in REST sessions and PDF reading for the newsletter contract tests.
import zlib from 'node:zlib';
import { jsonRequest, type Harness } from '../../helpers/app';
import type { PlanType, Role } from '../../../src/shared/plans';

let n = 0;

/** A user with a password, signed in through the real login path; returns the user and its cookie. */
export async function signedIn(h: Harness, o: { planType?: PlanType; role?: Role } = {}) {
  n += 1;
  const password = 'correct horse battery';
  const user = await h.insertUser({ email: `nl-${n}-${Date.now()}@example.com`, password, ...o });
  const res = await h.app.request('/api/auth/login', jsonRequest('POST', { email: user.email, password }));
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { user, cookie };
}

/** Text drawn in a PDF: inflate every content stream and decode the hex strings of TJ/Tj operators. */
export function pdfText(buf: Buffer): string {
  const raw = buf.toString('latin1');
  let out = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      content = m[1];
    }
    for (const arr of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      out += [...arr[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join('');
      out += '\n';
    }
  }
  return out;
}
