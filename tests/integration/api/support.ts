// The public API's tests: a Business account with a read key and a write key, a ready publication with
// readers, a sent issue (for analytics), a saved newsletter, and a second account with its own, whose
// ids the first account's keys must not reach. `v1()` calls /api/v1 through the app.
import type { Harness } from '../../helpers/app';
import type { SessionUser } from '../../../src/server/auth/service';
import { startJobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { addSubscribers, articles, newId, readyPublication } from '../delivery/send-support';

/** A parsed JSON answer, read by the tests as they expect it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked by the assertions
export type Json = any;

export async function v1(h: Harness, key: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const init: RequestInit = {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  };
  const res = await h.app.request(`http://localhost:3000/api/v1${path}`, init);
  const text = await res.text();
  let json: Json = null;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    // a CSV download or an empty body
  }
  return { status: res.status, headers: res.headers, text, json };
}

export async function keysFor(h: Harness, user: SessionUser) {
  const api = h.caller(user);
  const write = await api.apiKeys.create({ name: 'Sync script', scope: 'write' });
  const read = await api.apiKeys.create({ name: 'Dashboard', scope: 'read' });
  return { write: write.secret, read: read.secret, writeId: write.key.id, readId: read.key.id };
}

/** An account with keys, a publication with 3 readers, one sent issue and one saved newsletter. */
export async function account(h: Harness, email: string) {
  const user = await h.insertUser({ email, planType: 'business', verified: true });
  const api = h.caller(user);
  const keys = await keysFor(h, user);
  const pub = await readyPublication(h, user, `${email.split('@')[0]} Weekly`);
  const readers = await addSubscribers(h, pub.id, 3, { prefix: email.split('@')[0] });
  const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000 });
  const sent = await api.sends.create({ id: newId(), publicationId: pub.id });
  await worker.idle();
  await worker.stop();
  const scheduled = await api.sends.create({ id: newId(), publicationId: pub.id, scheduledAt: new Date(Date.now() + 86_400_000).toISOString() });
  const newsletter = await api.drafts.build({ publicationId: pub.id, title: 'Saved issue', articles });
  return { user, api, keys, pub, readers, sent, scheduled, newsletter };
}
