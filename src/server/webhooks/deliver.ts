// One webhook delivery attempt, as the queue's job: the stored body POSTed to the endpoint, signed as
// Standard Webhooks says, through the SSRF-safe connection pool (no private address, redirects not
// followed), within WEBHOOK_TIMEOUT_MS (10 s). A 2xx delivers it; anything else is tried again after 5 s, 5 min, 30 min, 2 h,
// 5 h, 10 h and 6 h (within a day); then the delivery fails, the endpoint is turned off and its owner is
// told by e-mail. A delivery whose account's plan no longer includes webhooks is not sent (webhooks/plan.ts).
// Deliveries run on their own worker, so a hanging endpoint never holds up issue sends.
import { eq } from 'drizzle-orm';
import { fetch, type Dispatcher } from 'undici';
import type { Deps } from '../context';
import type { JobHandler } from '../jobs/worker';
import { decryptSecret } from '../crypto';
import { BlockedAddressError, parseAllowHosts } from '../net/address-guard';
import { guardedAgent } from '../net/guarded-agent';
import { users, webhookDeliveries, webhookEndpoints } from '../../../db/schema';
import { effectivePlan } from '../../shared/plans';
import { planSubjectColumns } from '../plans/account-plan';
import { signedHeaders } from './signing';
import { followPlanNow, includesWebhooks } from './plan';

/** Waits before each retry (Standard Webhooks' schedule, cut to a day). */
export const RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 6 * 3600_000];
const EXCERPT_CHARS = 500;

export type WebhookJobDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now' | 'mailer'>;

const agents = new Map<string, Dispatcher>();
function agentFor(allowHosts: string): Dispatcher {
  let agent = agents.get(allowHosts);
  if (!agent) agents.set(allowHosts, (agent = guardedAgent(parseAllowHosts(allowHosts), { connections: 4, connectTimeoutMs: 5_000 })));
  return agent;
}

interface Outcome {
  ok: boolean;
  status: number | null;
  excerpt: string;
  /** No retry can help (the address is private). */
  final: boolean;
}

async function readExcerpt(res: Awaited<ReturnType<typeof fetch>>): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (text.length < EXCERPT_CHARS) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return text.slice(0, EXCERPT_CHARS);
}

async function attempt(url: string, body: string, headers: Record<string, string>, allowHosts: string, timeoutMs: number): Promise<Outcome> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'user-agent': 'Curated-Webhooks/1.0', ...headers },
      redirect: 'manual',
      dispatcher: agentFor(allowHosts),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const excerpt = await readExcerpt(res).catch(() => '');
    if (res.status >= 300 && res.status < 400)
      return { ok: false, status: res.status, excerpt: `Redirects are not followed (to ${res.headers.get('location') ?? 'nowhere'}).`, final: false };
    return { ok: res.status >= 200 && res.status < 300, status: res.status, excerpt, final: false };
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause ?? err;
    if (cause instanceof BlockedAddressError) return { ok: false, status: null, excerpt: 'The address leads to a private network; not sent.', final: true };
    if ((err as Error).name === 'TimeoutError') return { ok: false, status: null, excerpt: `No answer within ${timeoutMs / 1000} s.`, final: false };
    const code = (cause as { code?: unknown }).code;
    return { ok: false, status: null, excerpt: `Could not connect${typeof code === 'string' ? ` (${code})` : ''}.`, final: false };
  }
}

export const deliverWebhook: JobHandler<WebhookJobDeps> = async (deps, queue, job, worker) => {
  const deliveryId = String(job.payload.deliveryId ?? '');
  const [found] = await deps.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, owner: planSubjectColumns })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(users, eq(users.id, webhookEndpoints.userId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!found || found.delivery.status !== 'pending') return queue.complete(job.id, worker);
  const { delivery, endpoint } = found;
  const now = deps.now();
  // Checked again here, before the endpoint's switch (a downgrade turns it off too, and the plan is the
  // reason to give): the plan may have gone since the event was queued, even without a write (a trial
  // ends). Without it, this delivery and every other one queued for the account fail with the reason.
  if (!includesWebhooks(effectivePlan(found.owner, now)) && !(await followPlanNow(deps.db, endpoint.userId, now))) return queue.complete(job.id, worker);
  if (!endpoint.enabled) {
    await deps.db
      .update(webhookDeliveries)
      .set({ status: 'failed', responseExcerpt: 'Not sent: the endpoint is turned off.', nextAttemptAt: null })
      .where(eq(webhookDeliveries.id, delivery.id));
    return queue.complete(job.id, worker);
  }

  const started = performance.now();
  const secret = decryptSecret(deps.env.APP_SECRET, endpoint.secret);
  const outcome = await attempt(
    endpoint.url,
    delivery.body,
    signedHeaders(secret, delivery.id, now, delivery.body),
    deps.env.FETCH_ALLOW_HOSTS,
    deps.env.WEBHOOK_TIMEOUT_MS,
  );
  const attempts = delivery.attempts + 1;
  const wait = outcome.ok || outcome.final ? undefined : RETRY_SCHEDULE_MS[attempts - 1];
  const nextAttemptAt = wait === undefined ? null : new Date(now.getTime() + wait);
  await deps.db
    .update(webhookDeliveries)
    .set({
      status: outcome.ok ? 'delivered' : nextAttemptAt ? 'pending' : 'failed',
      attempts,
      responseStatus: outcome.status,
      responseExcerpt: outcome.excerpt,
      durationMs: Math.round(performance.now() - started),
      lastAttemptAt: now,
      nextAttemptAt,
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  if (outcome.ok) return queue.complete(job.id, worker);
  const said = outcome.status === null ? outcome.excerpt : `HTTP ${outcome.status}`;
  if (nextAttemptAt) return queue.fail(job.id, worker, said, nextAttemptAt);

  await queue.complete(job.id, worker);
  if (outcome.final) return;
  // Failing for a day: the endpoint is turned off until its owner turns it back on.
  const reason = `Turned off on ${now.toISOString().slice(0, 10)}: deliveries failed for a day (last answer: ${said}).`;
  const [turnedOff] = await deps.db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: now })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning({ id: webhookEndpoints.id, enabled: webhookEndpoints.enabled });
  if (!turnedOff) return;
  await deps.mailer
    .send({
      to: found.owner.email,
      subject: 'A webhook endpoint was turned off',
      text: [
        `Deliveries to your webhook endpoint ${endpoint.url} failed for a day, so it was turned off.`,
        `Last answer: ${said}.`,
        '',
        `Fix the receiver, then turn the endpoint back on in Settings → Advanced → Webhooks: ${deps.env.APP_URL}/settings`,
        'Events that happen while it is off are not kept for it.',
      ].join('\n'),
    })
    .catch((err: unknown) => deps.log.error(`webhook endpoint ${endpoint.id}: the owner could not be told`, err));
};
