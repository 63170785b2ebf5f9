// Contracts of Email Management and the email test pages (spec §3, §5, §7): inputs with the spec's
// messages for missing fields, and the REST answers' shapes.
import { z } from 'zod';
import { MSG } from '../messages';
import { mutation, query, type RouterContract } from '../contract';

export const EMAIL_SCOPES = ['system', 'account'] as const;
export type EmailScope = (typeof EMAIL_SCOPES)[number];

/** Which mail a call is about: the system's (staff) or the caller's own; left out, staff get the system's. */
export const scopeInput = z.object({ scope: z.enum(EMAIL_SCOPES).optional() }).default({});

const emailFormat = z.email();
const INVALID_EMAIL = 'Please enter a valid email address';
const text = (max: number) => z.string().trim().max(max).optional().default('');

/** Whole-sentence rules (custom issues), so the spec's message reaches the user without a field prefix. */
function requireAll<T extends Record<string, unknown>>(keys: (keyof T & string)[], emails: (keyof T & string)[], missing: string) {
  return (v: T, ctx: z.RefinementCtx) => {
    if (keys.some((k) => !v[k])) {
      ctx.addIssue({ code: 'custom', message: missing, path: [] });
      return;
    }
    for (const k of emails) if (!emailFormat.safeParse(v[k]).success) ctx.addIssue({ code: 'custom', message: INVALID_EMAIL, path: [k] });
  };
}

export const testDirectInput = z
  .object({ to: text(254), from: text(254), scope: z.enum(EMAIL_SCOPES).optional() })
  .superRefine(requireAll(['to', 'from'], ['to', 'from'], MSG.testEmailMissing))
  .transform((v) => ({ to: v.to.toLowerCase(), from: v.from.toLowerCase(), scope: v.scope }));
export type TestDirectInput = z.infer<typeof testDirectInput>;

export const quickTestInput = z
  .object({ to: text(254) })
  .superRefine(requireAll(['to'], ['to'], MSG.quickTestMissing))
  .transform((v) => ({ to: v.to.toLowerCase() }));
export type QuickTestInput = z.infer<typeof quickTestInput>;

/** Custom HTML is capped well below the 1 MB body limit; it is sanitised before sending. */
export const MAX_CUSTOM_HTML = 200_000;
export const customEmailInput = z
  .object({
    to: text(254),
    subject: text(200),
    htmlContent: z.string().max(MAX_CUSTOM_HTML, 'The HTML content is too long (200,000 characters at most)').optional().default(''),
  })
  .superRefine((v, ctx) => requireAll(['to', 'subject', 'htmlContent'], ['to'], MSG.customEmailMissing)({ ...v, htmlContent: v.htmlContent.trim() }, ctx))
  .transform((v) => ({ to: v.to.toLowerCase(), subject: v.subject, htmlContent: v.htmlContent }));
export type CustomEmailInput = z.infer<typeof customEmailInput>;

export const deliveryTestInput = z
  .object({ email: text(254) })
  .superRefine(requireAll(['email'], ['email'], MSG.quickTestMissing))
  .transform((v) => ({ email: v.email.toLowerCase() }));
export type DeliveryTestInput = z.infer<typeof deliveryTestInput>;

export const templateIdInput = z.object({ id: z.string().trim().min(1, 'Template id is required').max(64), scope: z.enum(EMAIL_SCOPES).optional() });

export const HEALTH_STATUSES = ['healthy', 'warning', 'error', 'unknown'] as const;
const healthStatus = z.enum(HEALTH_STATUSES);

export const serviceHealth = z.object({
  /** Chain entry id (mail_providers row id, 'env-smtp' or 'outbox'); null when nothing holds this place. */
  id: z.string().nullable(),
  priority: z.enum(['primary', 'secondary', 'fallback']),
  kind: z.string().nullable(),
  name: z.string(),
  status: healthStatus,
  detail: z.string(),
  checkedAt: z.string().nullable(),
});
export type ServiceHealth = z.infer<typeof serviceHealth>;

export const healthOutput = z.object({
  success: z.literal(true),
  data: z.object({
    scope: z.enum(EMAIL_SCOPES),
    status: healthStatus,
    detail: z.string(),
    lastCheck: z.string(),
    /** The spec's keys: brevo = primary (API), bigscoots = secondary (SMTP), fallback = fallback. */
    services: z.object({ brevo: serviceHealth, bigscoots: serviceHealth, fallback: serviceHealth }),
    list: z.array(serviceHealth),
  }),
});
export type HealthOutput = z.infer<typeof healthOutput>;

export const metricsOutput = z.object({
  success: z.literal(true),
  data: z.object({
    scope: z.enum(EMAIL_SCOPES),
    /** The UTC day counted, YYYY-MM-DD. */
    day: z.string(),
    sent: z.number().int(),
    delivered: z.number().int(),
    opened: z.number().int(),
    bounced: z.number().int(),
  }),
});
export type MetricsOutput = z.infer<typeof metricsOutput>;

export const TEMPLATE_CATEGORIES = ['authentication', 'subscribers', 'newsletter', 'onboarding'] as const;
export const templateSummary = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  subject: z.string(),
  lastModified: z.string(),
  description: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummary>;
export const templatesOutput = z.object({ success: z.literal(true), data: z.array(templateSummary) });
/** One template rendered with the product's settings (html: null for a text-only one). */
export const templatePreviewOutput = z.object({ id: z.string(), name: z.string(), subject: z.string(), text: z.string(), html: z.string().nullable() });
/** The addresses a test may be sent from. */
export const sendersOutput = z.object({ senders: z.array(z.string()) });

export const sendOutput = z.object({ success: z.boolean(), message: z.string(), messageId: z.string().optional(), provider: z.string().optional() });
export type SendOutput = z.infer<typeof sendOutput>;

export const DELIVERY_TEST_KINDS = ['brevo', 'resend', 'bigscoots', 'mailgun', 'postmark'] as const;
export type DeliveryTestKind = (typeof DELIVERY_TEST_KINDS)[number];
const providerResult = z.object({ success: z.boolean(), messageId: z.string().nullable(), error: z.string().nullable(), configured: z.boolean() });
export type ProviderResult = z.infer<typeof providerResult>;

export const deliveryTestOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  results: z.object({
    timestamp: z.string(),
    brevo: providerResult,
    resend: providerResult,
    bigscoots: providerResult,
    mailgun: providerResult,
    postmark: providerResult,
  }),
  recommendations: z.object({ brevo: z.string(), bigscoots: z.string(), general: z.string() }),
});
export type DeliveryTestOutput = z.infer<typeof deliveryTestOutput>;

/** The emailAdmin router: what each procedure takes and answers. */
export const emailAdminContract = {
  getHealth: query(scopeInput, healthOutput),
  getMetrics: query(scopeInput, metricsOutput),
  listTemplates: query(scopeInput, templatesOutput),
  previewTemplate: query(templateIdInput, templatePreviewOutput),
  listSenders: query(scopeInput, sendersOutput),
  sendTest: mutation(testDirectInput, sendOutput),
  sendQuickTest: mutation(quickTestInput, sendOutput),
  sendCustom: mutation(customEmailInput, sendOutput),
  runDeliveryTest: mutation(deliveryTestInput, deliveryTestOutput, 'staff'),
} satisfies RouterContract;
