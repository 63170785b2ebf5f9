// What the plans are sold as: each plan's offer (price, wording, features and the basis each feature
// stands on) and the short limit phrases of the pricing pages, drawn from the plan facts in plans.ts.
import { CAPABILITIES, THEME_CAPS, type Capabilities, type PlanType } from './plans';

/**
 * Why a plan may list a feature: a capability the server enforces, everything of a lower plan, a
 * service people deliver (support, SLA), or nothing yet: then it is shown 'Coming soon' wherever the
 * plan is sold. tests/unit/foundation/plan-features.test.ts holds every entry to this.
 */
export type FeatureBasis =
  | { kind: 'capability'; capability: keyof Capabilities }
  | { kind: 'includes'; plan: PlanType }
  | { kind: 'service' }
  | { kind: 'comingSoon' }
  /** AI models: the plan may use them once the operator configures them (AI_MODELS); the copy says so. */
  | { kind: 'operatorModels' };

export interface PlanFeature {
  /** The spec's wording (§6). */
  text: string;
  basis: FeatureBasis;
  /** Said after the text wherever the plan is sold. */
  note?: string;
}

export const isComingSoon = (f: PlanFeature) => f.basis.kind === 'comingSoon';

const has = (text: string, capability: keyof Capabilities): PlanFeature => ({ text, basis: { kind: 'capability', capability } });
const service = (text: string): PlanFeature => ({ text, basis: { kind: 'service' } });
const includes = (text: string, plan: PlanType): PlanFeature => ({ text, basis: { kind: 'includes', plan } });
const models = (text: string, many: boolean): PlanFeature => ({
  text,
  basis: { kind: 'operatorModels' },
  note: `when your workspace enables ${many ? 'them' : 'it'}`,
});

export interface PlanOffer {
  id: PlanType;
  name: string;
  /** Monthly price in US dollars; null means "Contact Sales". */
  monthlyPrice: number | null;
  priceLabel: string;
  themesLabel: string;
  features: readonly PlanFeature[];
}

// Decided (PRODUCT.md): the upgrade dialog's monthly prices are used everywhere. The model names are
// the plans' models (AI_MODELS, src/server/ai/models.ts): usable once the operator configures them.
export const PLAN_OFFERS: readonly PlanOffer[] = [
  {
    id: 'basic',
    name: 'Basic',
    monthlyPrice: 9,
    priceLabel: '$9/month',
    themesLabel: '3 themes',
    features: [
      has('One integration', 'integrations'),
      has('3 publications per month', 'maxNewsletters'),
      has('Export', 'exports'),
      service('Basic support'),
      models('ChatGPT', false),
    ],
  },
  {
    id: 'professional',
    name: 'Professional',
    monthlyPrice: 19,
    priceLabel: '$19/month',
    themesLabel: '10 themes',
    features: [
      has('All integrations', 'integrations'),
      has('Unlimited publications', 'maxNewsletters'),
      has('Analytics', 'analytics'),
      models('ChatGPT and Perplexity', true),
      has('Custom integrations', 'webhooks'),
      { ...has('Saved themes', 'customThemes'), note: 'up to 10, with your colours, fonts and logo' },
      has('Recurring issues', 'recurringIssues'),
    ],
  },
  {
    id: 'business',
    name: 'Business',
    monthlyPrice: 39,
    priceLabel: '$39/month',
    themesLabel: 'Unlimited themes',
    features: [
      includes('Everything in Professional', 'professional'),
      { ...has('A/B testing', 'subjectTests'), note: 'subject tests: the winning subject line goes to the rest' },
      { ...has('Custom theme colours', 'customThemes'), note: 'unlimited saved themes' },
      { ...has('API access', 'apiAccess'), note: 'keys for your own scripts' },
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: null,
    priceLabel: 'Contact Sales',
    themesLabel: 'Unlimited themes',
    features: [
      includes('Everything in Business', 'business'),
      models('Gemini and Claude', true),
      service('Dedicated account manager'),
      has('Custom API access', 'customApiAccess'),
      has('White-label', 'whiteLabel'),
      has('Team collaboration', 'teamCollaboration'),
      service('SLA'),
      service('On-premise deployment'),
    ],
  },
];

/** What a plan's AI taste gives, as the plan lists and keyLimits say it: 'in 3 issues a month, with their sources'. */
function aiTasteNote(issues: number): string {
  return `in ${issues} ${issues === 1 ? 'issue' : 'issues'} a month, each citing its sources`;
}

/** The free plan as every plan list shows it: no price, no trial, what it includes from its capabilities. */
export const FREE_OFFER: PlanOffer = {
  id: 'free',
  name: 'Free',
  monthlyPrice: 0,
  priceLabel: '$0/month',
  themesLabel: '2 themes',
  features: [
    has('A signup page with double opt-in', 'maxSubscribers'),
    has('Export', 'exports'),
    { ...has('AI picks and summaries', 'aiTasteIssuesPerMonth'), note: aiTasteNote(CAPABILITIES.free.aiTasteIssuesPerMonth) },
  ],
};

/** All five plans in rank order: the price list and every list that compares plans. */
export const PLAN_LIST: readonly PlanOffer[] = [FREE_OFFER, ...PLAN_OFFERS];

export const MOST_POPULAR_PLAN: PlanType = 'professional';

export function formatLimit(n: number): string {
  return Number.isFinite(n) ? String(n) : 'Unlimited';
}

const count = (n: number, one: string, many: string) => (Number.isFinite(n) ? `${n.toLocaleString('en-US')} ${n === 1 ? one : many}` : `Unlimited ${many}`);

/** The limits that tell plans apart, as short phrases ('Unlimited channels', '1,000 AI generations a month'), from the enforced capabilities. */
export function keyLimits(plan: PlanType): string[] {
  const c = CAPABILITIES[plan];
  return [
    count(c.maxNewsletters, 'publication', 'publications'),
    count(c.maxChannels, 'content channel', 'content channels'),
    count(THEME_CAPS[plan], 'theme', 'themes'),
    c.aiTools
      ? `${count(c.aiGenerationsPerMonth, 'AI generation', 'AI generations')}${Number.isFinite(c.aiGenerationsPerMonth) ? ' a month' : ''}`
      : c.aiTasteIssuesPerMonth > 0
        ? `${count(c.aiTasteIssuesPerMonth, 'AI issue', 'AI issues')} a month`
        : 'No AI tools',
    `${count(c.maxSubscribers, 'subscriber', 'subscribers')} per publication`,
  ];
}
