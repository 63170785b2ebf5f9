// The mail the system really sends, as templates: each is the same builder the sending code calls,
// rendered here with sample data for a preview. Nothing is listed that the product does not send.
import type { AuthedContext } from '../context';
import { AppError } from '../errors';
import { codeMail, CODE_MAIL_UPDATED, senderCodeMail, SENDER_CODE_MAIL_UPDATED } from '../auth/codes';
import { resetMail, RESET_MAIL_UPDATED } from '../auth/reset';
import { confirmationMail } from '../readers/subscription/confirm-mail';
import { emailScope } from './health';
import type { EmailScope, TemplateSummary } from '../../shared/schemas/email-admin';

type Ctx = Pick<AuthedContext, 'env' | 'user'>;

interface Rendered {
  subject: string;
  text: string;
  html?: string;
}

interface Template extends Omit<TemplateSummary, 'subject'> {
  render(env: Ctx['env']): Rendered;
}

const SAMPLE_CODE = '123456';
/** confirm-mail.ts keeps no date of its own; this is the day its text was written (update with it). */
const CONFIRMATION_MAIL_UPDATED = '2026-11-23';

const TEMPLATES: Template[] = [
  {
    id: 'sign-in-code',
    name: 'Sign-in and verification code',
    category: 'authentication',
    description: 'A 6-digit code for signing in by e-mail, the two-factor demo and confirming a trial account.',
    lastModified: CODE_MAIL_UPDATED,
    render: () => codeMail(SAMPLE_CODE),
  },
  {
    id: 'sender-verification-code',
    name: 'Sender address verification code',
    category: 'authentication',
    description: "A 6-digit code a signed-in creator enters in the newsletter's last step to prove their own address before sending to other people.",
    lastModified: SENDER_CODE_MAIL_UPDATED,
    render: () => senderCodeMail(SAMPLE_CODE, 'you@example.com'),
  },
  {
    id: 'password-reset',
    name: 'Password reset',
    category: 'authentication',
    description: 'A single-use link (valid one hour) to choose a new password.',
    lastModified: RESET_MAIL_UPDATED,
    render: (env) => resetMail(`${env.APP_URL}/reset-password?token=sample-token`),
  },
  {
    id: 'subscriber-confirmation',
    name: 'Subscription confirmation',
    category: 'subscribers',
    description: "The double opt-in link a reader gets after signing up on a publication's page (valid 7 days).",
    lastModified: CONFIRMATION_MAIL_UPDATED,
    render: (env) => confirmationMail({ publicationName: 'Compiler Weekly', confirmUrl: `${env.APP_URL}/p/compiler-weekly/confirm?token=sample-token` }),
  },
];

function visible(ctx: Ctx, input: { scope?: EmailScope }) {
  emailScope(ctx.user, input.scope);
  return TEMPLATES;
}

export async function listTemplates(ctx: Ctx, input: { scope?: EmailScope }): Promise<{ success: true; data: TemplateSummary[] }> {
  return {
    success: true,
    data: visible(ctx, input).map(({ render, ...t }) => ({ ...t, subject: render(ctx.env).subject })),
  };
}

export async function previewTemplate(ctx: Ctx, input: { id: string; scope?: EmailScope }) {
  const t = visible(ctx, input).find((x) => x.id === input.id);
  if (!t) throw new AppError('NOT_FOUND', 'No such email template');
  const r = t.render(ctx.env);
  return { id: t.id, name: t.name, subject: r.subject, text: r.text, html: r.html ?? null };
}
