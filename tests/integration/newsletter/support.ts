// Signed-in REST sessions for the newsletter contract tests.
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
