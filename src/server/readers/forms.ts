// Signup forms for other sites. A creator keeps a few per publication (each may give its readers a tag)
// and pastes its code into any page: a plain HTML form that posts to <public base>/f/<id> and works
// without JavaScript, or an iframe of the form page the app serves there. A post runs the hosted page's
// double opt-in (readers/subscription/signup.ts), recording source 'form' and the form's id.
//
// Bots are refused before anything is written or mailed, with the same answer a person gets (no oracle):
// the honeypot field is filled, or the iframe's form was posted less than MIN_FILL_MS after it was rendered
// (its page carries a signed render time). The plain HTML snippet is static, so any time it carried would
// be stale by design: it relies on the honeypot and the rate limits alone (a bot that drops the iframe's
// time field is treated the same way). More than FORM_RULES.ip posts a minute from one network (or the
// signup's own hourly limit per network) get the honest answer of readers/subscription/signup.ts instead: it is
// decided before any field is read, so it says nothing about an address, and a person behind a shared
// address learns why no mail comes and when to try again.
// Where a reader goes afterwards is the form's own thank-you address, set and checked by its creator; a
// posted field never chooses it, so /f cannot send anyone elsewhere.
import { addTags } from './tags';
import crypto from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import type { AuthedContext, Context } from '../context';
import { tx, type DbOrTx, type Tx } from '../db';
import { locks } from '../locks';
import { AppError } from '../errors';
import { publications, signupForms, type PublicationRow, type SignupFormRow } from '../../../db/schema';
import { findOwned } from '../publications/publications';
import { publicBaseFor } from '../domains/custom-domains';
import { ensureSlug } from './pages/slug';
import { hitNetworkLimit, signup } from './subscription/signup';
import { signupInput } from '../../shared/schemas/subscribers';
import { readToken, signToken } from '../crypto';
import { escapeHtml } from '../xml';
import { MAX_FORMS, READERS_MSG } from '../../shared/schemas/readers';
import type { CreateFormInput, FormDto, FormRef, UpdateFormInput } from '../../shared/schemas/forms';

type OwnerCtx = Pick<AuthedContext, 'db' | 'user' | 'now' | 'env'>;
export type FormPostCtx = Pick<Context, 'db' | 'env' | 'mailer' | 'limiter' | 'log' | 'now' | 'ip' | 'queue'>;

/** A person needs longer than this to type an address into the iframe's form; a script does not. */
export const MIN_FILL_MS = 2000;
/** A person posts a form a few times a minute at most; a script flooding addresses hits this at once. */
export const FORM_RULES = { ip: { limit: 10, windowMs: 60_000 } };
/** The field people never see and bots fill in. */
export const HONEYPOT_FIELD = 'website';
/** The iframe page's signed render time. */
export const ISSUED_FIELD = 'issued';
const ISSUED_PURPOSE = 'signup-form-issued';

// --- the creator's side -------------------------------------------------------------------------------

const formUrl = (base: string, id: string) => `${base}/f/${encodeURIComponent(id)}`;

/** The plain HTML form: a POST that works without JavaScript, the honeypot hidden from people. */
export function htmlCode(form: Pick<SignupFormRow, 'id' | 'name'>, base: string): string {
  const action = escapeHtml(formUrl(base, form.id));
  const key = escapeHtml(form.id.slice(0, 8));
  return [
    `<form action="${action}" method="post" accept-charset="utf-8" aria-label="${escapeHtml(form.name)}">`,
    `  <label for="signup-email-${key}">Email</label>`,
    `  <input id="signup-email-${key}" type="email" name="email" required maxlength="254" autocomplete="email">`,
    `  <label for="signup-name-${key}">Name (optional)</label>`,
    `  <input id="signup-name-${key}" type="text" name="name" maxlength="200" autocomplete="name">`,
    `  <div aria-hidden="true" style="position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden">`,
    `    <label>Leave this empty <input type="text" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></label>`,
    `  </div>`,
    `  <button type="submit">Subscribe</button>`,
    `</form>`,
  ].join('\n');
}

export function iframeCode(form: Pick<SignupFormRow, 'id' | 'name'>, base: string): string {
  return `<iframe src="${escapeHtml(formUrl(base, form.id))}" title="${escapeHtml(form.name)}" width="100%" height="280" style="border:0;max-width:480px" loading="lazy"></iframe>`;
}

async function toDto(db: DbOrTx, env: { APP_URL: string }, userId: string, rows: SignupFormRow[]): Promise<FormDto[]> {
  const base = await publicBaseFor({ db, env }, userId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    tag: r.tag,
    thanksUrl: r.thanksUrl,
    createdAt: r.createdAt.toISOString(),
    url: formUrl(base, r.id),
    htmlCode: htmlCode(r, base),
    iframeCode: iframeCode(r, base),
  }));
}

export async function listForms(ctx: OwnerCtx, publicationId: string): Promise<FormDto[]> {
  const pub = await findOwned(ctx.db, ctx.user.id, publicationId);
  const rows = await ctx.db.select().from(signupForms).where(eq(signupForms.publicationId, pub.id)).orderBy(asc(signupForms.createdAt), asc(signupForms.id));
  return toDto(ctx.db, ctx.env, ctx.user.id, rows);
}

/** A thank-you path must be one of the form's own publication's pages (an absolute address is the creator's to choose). */
function checkThanksUrl(thanksUrl: string | null | undefined, slug: string): void {
  if (!thanksUrl?.startsWith('/')) return;
  const [, , first] = new URL(thanksUrl, 'http://host.invalid').pathname.split('/');
  if (first !== encodeURIComponent(slug)) throw new AppError('BAD_REQUEST', READERS_MSG.thanksPath(slug));
}

export async function createForm(ctx: OwnerCtx, input: CreateFormInput): Promise<FormDto> {
  const pub = await findOwned(ctx.db, ctx.user.id, input.publicationId);
  // The confirmation link of a form's readers points at the publication's signup page.
  checkThanksUrl(input.thanksUrl, await ensureSlug(ctx.db, pub.id));
  const now = ctx.now();
  const row = await tx(ctx.db, async (t) => {
    // Two creations at once must not both pass the count.
    await locks.signupFormsOf(t, pub.id);
    const [kept] = await t.select({ n: count() }).from(signupForms).where(eq(signupForms.publicationId, pub.id));
    if ((kept?.n ?? 0) >= MAX_FORMS) throw new AppError('FORBIDDEN', READERS_MSG.tooManyForms);
    const [made] = await t
      .insert(signupForms)
      .values({ id: crypto.randomUUID(), publicationId: pub.id, name: input.name, tag: input.tag, thanksUrl: input.thanksUrl, createdAt: now, updatedAt: now })
      .returning();
    return made!;
  });
  return (await toDto(ctx.db, ctx.env, ctx.user.id, [row]))[0]!;
}

export async function updateForm(ctx: OwnerCtx, input: UpdateFormInput): Promise<FormDto> {
  const pub = await findOwned(ctx.db, ctx.user.id, input.publicationId);
  if (input.thanksUrl) checkThanksUrl(input.thanksUrl, await ensureSlug(ctx.db, pub.id));
  const [row] = await ctx.db
    .update(signupForms)
    .set({ name: input.name, tag: input.tag, ...(input.thanksUrl !== undefined ? { thanksUrl: input.thanksUrl } : {}), updatedAt: ctx.now() })
    .where(and(eq(signupForms.id, input.id), eq(signupForms.publicationId, pub.id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', READERS_MSG.formNotFound);
  return (await toDto(ctx.db, ctx.env, ctx.user.id, [row]))[0]!;
}

/** Readers who joined through it keep their source and tag; its code stops working. */
export async function deleteForm(ctx: OwnerCtx, input: FormRef): Promise<{ success: true; id: string }> {
  const pub = await findOwned(ctx.db, ctx.user.id, input.publicationId);
  const [row] = await ctx.db
    .delete(signupForms)
    .where(and(eq(signupForms.id, input.id), eq(signupForms.publicationId, pub.id)))
    .returning({ id: signupForms.id });
  if (!row) throw new AppError('NOT_FOUND', READERS_MSG.formNotFound);
  return { success: true, id: row.id };
}

// --- the reader's side (public, /f/<id>) --------------------------------------------------------------

export interface PublicForm {
  form: SignupFormRow;
  pub: PublicationRow;
}

/** The form and its publication, or null for an unknown id. */
export async function publicForm(db: DbOrTx, formId: string): Promise<PublicForm | null> {
  if (formId.length > 64) return null;
  const [row] = await db
    .select({ form: signupForms, pub: publications })
    .from(signupForms)
    .innerJoin(publications, eq(publications.id, signupForms.publicationId))
    .where(eq(signupForms.id, formId))
    .limit(1);
  return row ?? null;
}

/** The signed render time the iframe's form carries. */
export const issuedToken = (appSecret: string, formId: string, at: Date) => signToken(appSecret, ISSUED_PURPOSE, `${formId}.${at.getTime()}`);

/** When the form page was rendered for this form, or null when the value is forged or another form's. */
function issuedAt(appSecret: string, formId: string, token: string): number | null {
  const value = readToken(appSecret, ISSUED_PURPOSE, token);
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  const ms = Number(value.slice(dot + 1));
  return value.slice(0, dot) === formId && Number.isSafeInteger(ms) ? ms : null;
}

export type FormPostOutcome =
  /** The neutral answer: the same whether a link was mailed, the reader was already there, or a bot was refused. */
  | { kind: 'done'; redirect: string | null }
  | { kind: 'invalid'; message: string }
  /** Too many posts from the poster's network: the message says when to try again. */
  | { kind: 'limited'; message: string; retryAfterSeconds: number };

const limitedOutcome = (err: unknown): FormPostOutcome | null =>
  err instanceof AppError && err.code === 'TOO_MANY_REQUESTS'
    ? { kind: 'limited', message: err.message, retryAfterSeconds: Number(err.data?.retryAfterSeconds) || 60 }
    : null;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * One post of a form. The rate limit counts every post first (bots' too); then a bot's post ends here with
 * the neutral answer; a person's goes through the hosted page's signup with the form as its source.
 */
export async function submitForm(ctx: FormPostCtx, found: PublicForm, fields: Record<string, unknown>): Promise<FormPostOutcome> {
  const { form, pub } = found;
  // The creator's address for everyone, bots included: the answer still tells nothing.
  const done: FormPostOutcome = { kind: 'done', redirect: form.thanksUrl };
  try {
    await hitNetworkLimit(ctx.limiter, `forms:post:ip:${ctx.ip}`, FORM_RULES.ip);
  } catch (err) {
    const limited = limitedOutcome(err);
    if (!limited) throw err;
    ctx.log.warn(`[forms] post to form ${form.id} refused: over the per-minute limit of its network`);
    return limited;
  }
  if (text(fields[HONEYPOT_FIELD]) !== '') return done;
  const issued = fields[ISSUED_FIELD];
  if (issued !== undefined) {
    const at = issuedAt(ctx.env.APP_SECRET, form.id, text(issued));
    if (at === null || ctx.now().getTime() - at < MIN_FILL_MS) return done;
  }

  const parsed = signupInput.safeParse({ slug: pub.slug ?? (await ensureSlug(ctx.db, pub.id)), email: text(fields.email), name: text(fields.name) });
  if (!parsed.success) return { kind: 'invalid', message: parsed.error.issues[0]?.message ?? 'Please enter a valid email address' };
  try {
    await signup(ctx, parsed.data, { source: 'form', detail: form.id, joined: form.tag ? (t, id, at) => tagReader(t, pub.id, id, form, at) : undefined });
  } catch (err) {
    // The hosted page's hourly limit per network answers as the form's own does.
    const limited = limitedOutcome(err);
    if (!limited) throw err;
    return limited;
  }
  return done;
}

/** The form's tag on a reader who joins through it (a reader already carrying it keeps it as it was). */
async function tagReader(t: Tx, publicationId: string, subscriberId: string, form: SignupFormRow, at: Date): Promise<void> {
  await addTags(t, publicationId, subscriberId, [form.tag!], 'form', at);
}
