// The onboarding sequence staff edit at /admin/onboarding-emails: steps ordered by day offset (0..365
// days after sign-up), each a subject, a Markdown body and an enabled switch. Every staff role reads and
// previews; only admins change (the rule of /admin/users), each change audited in its transaction.
import crypto from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import type { Deps } from '../context';
import { affectedRows, tx, type DbOrTx } from '../db';
import { locks } from '../locks';
import type { SessionUser } from '../auth/service';
import { onboardingDeliveries, onboardingEmails, type OnboardingEmailRow } from '../../../db/schema';
import { AppError } from '../errors';
import { normalizeRole } from '../../shared/plans';
import { recordAudit, type Actor } from '../user/audit';
import { renderProductEmail, productName } from './email';
import { productUnsubscribeUrl } from './unsubscribe';
import { sendTestToSelf } from './send';
import type { PreviewInput, StepFields, StepIdInput, UpdateStepInput } from '../../shared/schemas/onboarding';

export const ONBOARDING_MSG = {
  adminOnly: 'Only admins change the onboarding e-mails. Managers and supervisors can look and preview.',
  notFound: 'Onboarding e-mail not found',
} as const;

export const ONBOARDING_REASON = 'You get these e-mails because you created an account. They stop after your first weeks.';

type Ctx = Pick<Deps, 'db' | 'env' | 'log' | 'now' | 'limiter'> & { user: SessionUser; ip: string };

const actorOf = (ctx: Ctx): Actor => ({ id: ctx.user.id, email: ctx.user.email, ip: ctx.ip });

function requireAdmin(ctx: Ctx) {
  if (normalizeRole(ctx.user.role) !== 'admin') throw new AppError('FORBIDDEN', ONBOARDING_MSG.adminOnly);
}

export function stepDto(row: OnboardingEmailRow, sent = 0) {
  return {
    id: row.id,
    dayOffset: row.dayOffset,
    subject: row.subject,
    markdown: row.markdown,
    enabled: row.enabled,
    sent,
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type OnboardingStepDto = ReturnType<typeof stepDto>;

export async function listSteps(ctx: Pick<Ctx, 'db' | 'user'>) {
  const counts = await ctx.db
    .select({ id: onboardingDeliveries.emailId, n: count() })
    .from(onboardingDeliveries)
    .where(eq(onboardingDeliveries.status, 'sent'))
    .groupBy(onboardingDeliveries.emailId);
  const sent = new Map(counts.map((r) => [r.id, r.n]));
  const rows = await ctx.db.select().from(onboardingEmails).orderBy(asc(onboardingEmails.dayOffset), asc(onboardingEmails.createdAt));
  return { steps: rows.map((r) => stepDto(r, sent.get(r.id) ?? 0)), canEdit: normalizeRole(ctx.user.role) === 'admin' };
}

async function findStep(db: DbOrTx, id: string) {
  const [row] = await db.select().from(onboardingEmails).where(eq(onboardingEmails.id, id));
  if (!row) throw new AppError('NOT_FOUND', ONBOARDING_MSG.notFound);
  return row;
}

export async function createStep(ctx: Ctx, input: StepFields) {
  requireAdmin(ctx);
  const now = ctx.now();
  const row: OnboardingEmailRow = { id: crypto.randomUUID(), ...input, updatedBy: ctx.user.id, createdAt: now, updatedAt: now };
  await tx(ctx.db, async (t) => {
    await t.insert(onboardingEmails).values(row);
    await recordAudit(t, actorOf(ctx), 'onboarding.create', null, { stepId: row.id, dayOffset: row.dayOffset, subject: row.subject }, now);
  });
  return stepDto(row);
}

export async function updateStep(ctx: Ctx, input: UpdateStepInput) {
  requireAdmin(ctx);
  const { id, ...fields } = input;
  const now = ctx.now();
  const updated = await tx(ctx.db, async (t) => {
    const before = await findStep(t, id);
    await t
      .update(onboardingEmails)
      .set({ ...fields, updatedBy: ctx.user.id, updatedAt: now })
      .where(eq(onboardingEmails.id, id));
    const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter((k) => before[k] !== fields[k]);
    await recordAudit(t, actorOf(ctx), 'onboarding.update', null, { stepId: id, subject: fields.subject, changed }, now);
    return { ...before, ...fields, updatedBy: ctx.user.id, updatedAt: now };
  });
  return stepDto(updated);
}

export async function deleteStep(ctx: Ctx, input: StepIdInput) {
  requireAdmin(ctx);
  const now = ctx.now();
  await tx(ctx.db, async (t) => {
    const row = await findStep(t, input.id);
    // Of two deletions at once, the one whose statement finds no row is told the step is gone.
    if (!affectedRows(await t.delete(onboardingEmails).where(eq(onboardingEmails.id, input.id)))) throw new AppError('NOT_FOUND', ONBOARDING_MSG.notFound);
    await recordAudit(t, actorOf(ctx), 'onboarding.delete', null, { stepId: row.id, dayOffset: row.dayOffset, subject: row.subject }, now);
  });
  return { id: input.id };
}

/** The e-mail exactly as it will be sent to `user` (their own unsubscribe link in the footer). */
export function renderStep(env: Ctx['env'], userId: string, step: { subject: string; markdown: string }, unsubscribeUrl?: string) {
  return renderProductEmail(env, {
    subject: step.subject,
    markdown: step.markdown,
    reason: ONBOARDING_REASON.replace('an account', `an account at ${productName(env)}`),
    unsubscribeUrl: unsubscribeUrl ?? productUnsubscribeUrl(env, 'onboarding', userId),
  });
}

export function previewStep(ctx: Pick<Ctx, 'env' | 'user'>, input: PreviewInput) {
  const mail = renderStep(ctx.env, ctx.user.id, { subject: input.subject || '(no subject)', markdown: input.markdown });
  return { subject: mail.subject, html: mail.html, text: mail.text };
}

/** Any staff member may mail a step (saved or not) to their own address. */
export function sendStepTest(ctx: Ctx, input: PreviewInput) {
  return sendTestToSelf(ctx, ctx.user, 'onboarding', (url) =>
    renderStep(ctx.env, ctx.user.id, { subject: input.subject || '(no subject)', markdown: input.markdown }, url),
  );
}

// Links are absolute: e-mail has no base address.
const defaultSteps = (appUrl: string): { dayOffset: number; subject: string; markdown: string }[] => [
  {
    dayOffset: 0,
    subject: 'Welcome to Curated',
    markdown: `## Welcome aboard!

Thanks for creating your account. Curated helps you put together a newsletter from sources you trust, in minutes:

1. **Name your newsletter** and pick a theme.
2. **Choose channels**: real feeds from sites you like, found by topic or by a site's address.
3. **Pick articles**, preview the issue on desktop and mobile, and send it.

The [Quick Start Guide](${appUrl}/quick-start-guide) walks you through your first issue.`,
  },
  {
    dayOffset: 2,
    subject: 'Pick your channels',
    markdown: `## Good newsletters start with good sources

Channels are the feeds your articles come from. Search the directory by topic, or paste the address of any site you read: Curated finds its feed for you.

A handful of focused channels beats dozens of noisy ones. Open your [publications](${appUrl}/publications) and add the sources you trust.`,
  },
  {
    dayOffset: 5,
    subject: 'Send your first issue',
    markdown: `## Ready for your first issue?

Pick the stories worth your readers' time, preview the e-mail on desktop and mobile, and send it. Every issue carries a one-click unsubscribe link, so your readers stay because they want to.

[Start a newsletter](${appUrl}/publications) — and reply to this e-mail if anything gets in your way.`,
  },
];

/** Seeds the default sequence (day 0, 2, 5) when the table is empty; a table with any step is left alone. */
export async function seedDefaultSteps(deps: Pick<Deps, 'db' | 'env' | 'now'>) {
  const now = deps.now();
  await tx(deps.db, async (t) => {
    await locks.onboardingSteps(t);
    const [{ n } = { n: 0 }] = await t.select({ n: count() }).from(onboardingEmails);
    if (n > 0) return;
    for (const step of defaultSteps(deps.env.APP_URL))
      await t.insert(onboardingEmails).values({ id: crypto.randomUUID(), ...step, enabled: true, updatedBy: null, createdAt: now, updatedAt: now });
  });
}
