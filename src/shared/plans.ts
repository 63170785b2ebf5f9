// Plans, tiers and capabilities: the single source of truth (spec §6, §9; PRODUCT.md decisions).
// Server and client read plan facts only from here.

export const PLAN_TYPES = ['free', 'basic', 'professional', 'business', 'enterprise'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const ROLES = ['admin', 'manager', 'supervisor', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const STAFF_ROLES: readonly Role[] = ['admin', 'manager', 'supervisor'];

/** Unlimited is stored as Infinity in code and rendered as "Unlimited". JSON-safe helpers below. */
export const UNLIMITED = Number.POSITIVE_INFINITY;

export const EXPORT_FORMATS = ['txt', 'md', 'pdf', 'html', 'docx', 'epub'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface Capabilities {
  maxNewsletters: number;
  maxChannels: number;
  /** Subscribers kept per publication (pending and active count; unsubscribed and bounced do not). */
  maxSubscribers: number;
  aiTools: boolean;
  /** AI generations per calendar month (summaries, intros, subject lines, picks, AI Magic pieces). */
  aiGenerationsPerMonth: number;
  /**
   * A plan without the AI tools may still try them: in this many publication issues a calendar month
   * (UTC) its AI picks, summaries, intro and subject lines work (src/server/ai/taste.ts). An issue counts
   * when the first AI tool is used in it; further AI calls in the same issue and month count nothing.
   */
  aiTasteIssuesPerMonth: number;
  analytics: boolean;
  integrations: readonly string[];
  customThemes: boolean;
  maxCustomThemes: number;
  emailManagement: boolean;
  /** Sharing publications with a team of editors and viewers (the owner's plan decides). */
  teamCollaboration: boolean;
  apiAccess: boolean;
  /** Custom API access: each key's own rate limit, set when it is created. */
  customApiAccess: boolean;
  /** Outgoing webhooks ("Custom integrations"): endpoints that receive the account's events, signed. */
  webhooks: boolean;
  /** Subject tests: 2–3 subject lines tried on part of the list, the winner sent to the rest. */
  subjectTests: boolean;
  /** Recurring issues: a publication's schedule that builds (and sends, or asks first) each issue itself. */
  recurringIssues: boolean;
  /** White-label: no "Made with Curated" in issues or on readers' pages, which carry the publication's own name. */
  whiteLabel: boolean;
  exports: readonly ExportFormat[];
}

const BASE_EXPORTS: readonly ExportFormat[] = ['txt', 'md', 'pdf'];
const ALL_EXPORTS: readonly ExportFormat[] = [...BASE_EXPORTS, 'html', 'docx', 'epub'];

const professional: Capabilities = {
  maxNewsletters: UNLIMITED,
  maxChannels: UNLIMITED,
  maxSubscribers: 25_000,
  aiTools: true,
  aiGenerationsPerMonth: 1_000,
  aiTasteIssuesPerMonth: 0,
  analytics: true,
  // Decided: the plan sells "All integrations", so professional and above get every platform.
  integrations: ['brevo', 'mailchimp', 'mailerlite', 'beehiiv'],
  customThemes: true,
  maxCustomThemes: 10,
  emailManagement: true,
  teamCollaboration: false,
  apiAccess: false,
  customApiAccess: false,
  webhooks: true,
  subjectTests: false,
  recurringIssues: true,
  whiteLabel: false,
  exports: BASE_EXPORTS,
};

const FREE: Capabilities = {
  maxNewsletters: 1,
  maxChannels: 1,
  maxSubscribers: 500,
  aiTools: false,
  aiGenerationsPerMonth: 0,
  aiTasteIssuesPerMonth: 3,
  analytics: false,
  integrations: [],
  customThemes: false,
  maxCustomThemes: 0,
  emailManagement: false,
  teamCollaboration: false,
  apiAccess: false,
  customApiAccess: false,
  webhooks: false,
  subjectTests: false,
  recurringIssues: false,
  whiteLabel: false,
  exports: BASE_EXPORTS,
};

export const CAPABILITIES: Record<PlanType, Capabilities> = {
  free: FREE,
  // Basic is free with more room, the AI tools, two platforms and Email Management.
  basic: {
    ...FREE,
    maxNewsletters: 3,
    maxChannels: 3,
    maxSubscribers: 2_500,
    aiTools: true,
    aiGenerationsPerMonth: 200,
    aiTasteIssuesPerMonth: 0,
    integrations: ['brevo', 'smtp'],
    emailManagement: true,
  },
  professional,
  // Decided (PRODUCT.md): business is professional plus unlimited custom themes and API access.
  business: { ...professional, maxSubscribers: 100_000, aiGenerationsPerMonth: 3_000, maxCustomThemes: UNLIMITED, apiAccess: true, subjectTests: true },
  enterprise: {
    ...professional,
    maxSubscribers: UNLIMITED,
    aiGenerationsPerMonth: UNLIMITED,
    maxCustomThemes: UNLIMITED,
    teamCollaboration: true,
    apiAccess: true,
    customApiAccess: true,
    subjectTests: true,
    whiteLabel: true,
    exports: ALL_EXPORTS,
  },
};

/** Theme access ranks (spec §5). 'premium' is an alias of professional; 'admin' equals enterprise. */
export const THEME_RANK: Record<string, number> = {
  free: 0,
  basic: 1,
  professional: 2,
  premium: 2,
  business: 3,
  admin: 4,
  enterprise: 4,
};

export type ThemeTier = 'free' | 'basic' | 'professional' | 'business' | 'admin';

/** Theme count caps shown in copy and enforced by the catalogue self-check. */
export const THEME_CAPS: Record<PlanType | 'admin', number> = {
  free: 2,
  basic: 3,
  professional: 10,
  business: UNLIMITED,
  enterprise: UNLIMITED,
  admin: UNLIMITED,
};

export const PLAN_LABELS: Record<PlanType, string> = {
  free: 'Free',
  basic: 'Basic',
  professional: 'Pro',
  business: 'Business',
  enterprise: 'Enterprise',
};

/** The cheapest plan that carries API keys (Settings, /developers and the server's refusal name it). */
export const API_ACCESS_PLAN: PlanType = PLAN_TYPES.find((p) => CAPABILITIES[p].apiAccess) ?? 'enterprise';

export const SALES_EMAIL = 'sales@curated.email';
export const SUPPORT_EMAIL = 'support@curated.email';

export const TRIAL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Never grant by default: unknown or missing plan values are free. */
export function normalizePlan(plan: unknown): PlanType {
  if (plan === 'premium') return 'professional';
  return (PLAN_TYPES as readonly unknown[]).includes(plan) ? (plan as PlanType) : 'free';
}

export function normalizeRole(role: unknown): Role {
  return (ROLES as readonly unknown[]).includes(role) ? (role as Role) : 'user';
}

export function isStaff(role: unknown): boolean {
  return STAFF_ROLES.includes(normalizeRole(role));
}

/** Plans a free trial can give for its 7 days (chosen on /trial-signup). */
export const TRIAL_PLANS = ['basic', 'professional'] as const;

/** A requested trial plan: basic or professional; anything else (enterprise, unknown) is basic. */
export function normalizeTrialPlan(plan: unknown): (typeof TRIAL_PLANS)[number] {
  const p = normalizePlan(plan);
  return p === 'professional' ? 'professional' : 'basic';
}

/** Who a plan is decided for: role, stored plan and, for a trial, its plan and start. */
export interface PlanHolder {
  role?: unknown;
  planType?: unknown;
  trialPlan?: unknown;
  createdAt?: Date | string | number;
}

/**
 * The plan in force. Admins get enterprise capabilities whatever their stored plan (spec §6); a paid
 * plan is the stored one; a free account in its 7-day trial has the trial's plan, and after it the
 * free plan (its data kept).
 */
export function effectivePlan(user: PlanHolder, now: Date = new Date()): PlanType {
  if (normalizeRole(user.role) === 'admin') return 'enterprise';
  const plan = normalizePlan(user.planType);
  if (plan !== 'free' || !user.trialPlan || user.createdAt === undefined) return plan;
  return trialDaysLeft(user.createdAt, now) > 0 ? normalizeTrialPlan(user.trialPlan) : 'free';
}

export function capabilitiesFor(user: PlanHolder): Capabilities {
  return CAPABILITIES[effectivePlan(user)];
}

export function channelLimitFor(user: PlanHolder): number {
  return capabilitiesFor(user).maxChannels;
}

export function themeRankOf(plan: unknown): number {
  return typeof plan === 'string' && plan in THEME_RANK ? THEME_RANK[plan] : 0;
}

/** Theme access by tier rank of the plan in force; admins bypass; unknown plans count as free (spec §5). */
export function canUseThemeTier(user: PlanHolder, themeTier: ThemeTier): boolean {
  if (normalizeRole(user.role) === 'admin') return true;
  return themeRankOf(effectivePlan(user)) >= themeRankOf(themeTier);
}

/** The cheapest plan whose capabilities include the export format. */
export function cheapestPlanWithExport(format: ExportFormat): PlanType {
  return PLAN_TYPES.find((p) => CAPABILITIES[p].exports.includes(format)) ?? 'enterprise';
}

/** Remaining trial days, rounded up, never below 0 (spec §9). */
export function trialDaysLeft(createdAt: Date | string | number, now: Date = new Date()): number {
  const start = new Date(createdAt).getTime();
  const end = start + TRIAL_DAYS * DAY_MS;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

export function formatTrialLabel(days: number): string {
  return `${days} day${days === 1 ? '' : 's'} left`;
}
