// The contracts of demo.* (the public protection demos, spec §3 Demo form, §7 /api/demo/*, /api/honeypot):
// the form and its honeypot fields, the shared activity log's events, shared by the server and the pages.
import { z } from 'zod';
import { emailField, verifyCodeInput } from './auth';
import { messageResult, noInput } from './common';
import { mutation, query, type RouterContract } from '../contract';

/** Hidden fields a person never fills; a bot that fills any of them is refused. */
export const HONEYPOT_FIELDS = ['website', 'url', 'homepage', 'email_confirm', 'phone_number'] as const;
export type HoneypotField = (typeof HONEYPOT_FIELDS)[number];

export const DEMO_MSG = {
  accepted: 'Thanks! Your message passed every check.',
  honeypot: 'Submission rejected: a hidden anti-bot field was filled in. People never see those fields, so we treat this as automated.',
  nameRequired: 'Please enter your name',
  messageRequired: 'Please enter a message',
};

const honeypotShape = Object.fromEntries(HONEYPOT_FIELDS.map((f) => [f, z.string().max(2000).optional()])) as Record<
  (typeof HONEYPOT_FIELDS)[number],
  z.ZodOptional<z.ZodString>
>;

export const demoSubmitInput = z.object({
  name: z.string().trim().min(1, DEMO_MSG.nameRequired).max(100, 'Name is too long'),
  email: emailField,
  message: z.string().trim().min(1, DEMO_MSG.messageRequired).max(2000, 'Message is too long'),
  ...honeypotShape,
});
export type DemoSubmitInput = z.infer<typeof demoSubmitInput>;

/** How many events the shared log keeps (and GET /api/demo/events may ask for). */
export const DEMO_EVENT_CAPACITY = 50;

/** Pages that report visits and blocked actions (POST /api/demo/events takes only these). */
export const DEMO_PAGES = ['twofa-demo', 'security-demo', 'anti-scraping', 'protection-status'] as const;
export type DemoPage = (typeof DEMO_PAGES)[number];

/** What a browser may report; the server records the form outcomes itself. */
export const CLIENT_EVENT_KINDS = ['page_visit', 'copy_blocked', 'context_menu_blocked', 'shortcut_blocked', 'print_blocked', 'devtools_suspected'] as const;
export type ClientEventKind = (typeof CLIENT_EVENT_KINDS)[number];
export const DEMO_EVENT_KINDS = [...CLIENT_EVENT_KINDS, 'form_accepted', 'honeypot_triggered', 'code_verified', 'code_rejected'] as const;

export const demoEvent = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(DEMO_EVENT_KINDS),
  page: z.enum(DEMO_PAGES),
  /** For a honeypot rejection, which trap fields were filled (their names, never their values). */
  fields: z.array(z.string()).optional(),
});
export type DemoEvent = z.infer<typeof demoEvent>;

export const demoEventsInput = z.object({ limit: z.coerce.number().int().min(1).max(DEMO_EVENT_CAPACITY).default(10) }).default({ limit: 10 });
export const demoEventsResult = z.object({ events: z.array(demoEvent) });
export const recordEventInput = z.object({ kind: z.enum(CLIENT_EVENT_KINDS), page: z.enum(DEMO_PAGES) });
export const recordedResult = z.object({ success: z.literal(true) });
export const honeypotResult = z.object({ ok: z.literal(true), active: z.literal(true), fields: z.array(z.string()) });

/** The demo router: what each procedure takes and answers. */
export const demoContract = {
  verifyCode: mutation(verifyCodeInput, messageResult, 'public'),
  submit: mutation(demoSubmitInput, messageResult, 'public'),
  honeypot: query(noInput, honeypotResult, 'public'),
  events: query(demoEventsInput, demoEventsResult, 'public'),
  recordEvent: mutation(recordEventInput, recordedResult, 'public'),
} satisfies RouterContract;
