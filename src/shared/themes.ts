// The newsletter theme catalogue (spec §3, §5; PRODUCT.md: 18 themes, free 2, basic 1, professional 10,
// business 5). Isomorphic metadata only: the picker reads it in the browser, the server's renderer maps
// headerStyle/bodyStyle to its masthead and article-card designs.
import { canUseThemeTier, PLAN_LABELS, type ThemeTier } from './plans';
import { SERIF, TIMES, PALATINO, SANS, HELVETICA, VERDANA, TREBUCHET, MONO, IMPACT, BLACK } from './email-fonts';

/** Masthead designs; each theme has its own. */
export const HEADER_STYLES = [
  'broadsheet',
  'ticker',
  'community',
  'corporate',
  'terminal',
  'scoreboard',
  'bands',
  'bubbly',
  'notebook',
  'minimal',
  'launch',
  'editorial',
  'ledger',
  'postcard',
  'wellness',
  'magazine',
  'capitol',
  'letter',
] as const;
export type HeaderStyle = (typeof HEADER_STYLES)[number];

/** Article-card treatments, shared by themes of a kind. */
export const BODY_STYLES = [
  'column-rules',
  'data-rows',
  'kicker',
  'boxed',
  'accent-bar',
  'bubbles',
  'numbered',
  'minimal',
  'editorial',
  'postcard',
  'letter',
] as const;
export type BodyStyle = (typeof BODY_STYLES)[number];

/** A saved theme's own colours where the renderer would otherwise derive them (light rendering). */
export interface BrandColors {
  background: string;
  text: string;
  link: string;
}

export interface ThemeMeta {
  id: string;
  name: string;
  description: string;
  primaryColor: string;
  secondaryColor: string;
  accentColor?: string;
  /** Web-safe body font stack (no web fonts in email). */
  fontFamily: string;
  titleFontFamily?: string;
  headerStyle: HeaderStyle;
  bodyStyle: BodyStyle;
  /** A short sample line for the picker card. */
  preview: string;
  subscription: ThemeTier;
  customCSS?: string;
  /** Story titles and the nameplate in the body text's colour (full contrast) instead of the primary colour. */
  inkTitles?: boolean;
  /**
   * Set on a creator's saved theme: its colours, the line its footer carries and its own masthead line
   * (`kicker`, shown where the masthead design has its sample line; none when empty).
   */
  brand?: BrandColors & { footerText: string; kicker?: string; logo?: { id: string; width: number; height: number } | null };
}

/**
 * Each masthead's sample line (kicker or tagline): a placeholder that shows the design in the picker's
 * sample sheet and as the builder's hint. It is never printed into a creator's issue: there the line
 * is the creator's own (a saved theme's `kicker`), and a masthead without one leaves it out.
 */
export const MASTHEAD_SAMPLE_LINES: Record<HeaderStyle, string> = {
  broadsheet: 'Late Edition',
  ticker: 'Market briefing',
  community: 'Your community newsletter',
  corporate: 'Briefing',
  terminal: '',
  scoreboard: 'Matchday report',
  bands: '',
  bubbly: 'Hey there! Here is what we loved this week.',
  notebook: 'Lesson notes',
  minimal: '',
  launch: '',
  editorial: '',
  ledger: 'The ledger',
  postcard: 'Greetings from',
  wellness: 'Weekly wellbeing',
  magazine: 'The edit',
  capitol: 'A digest of policy and government',
  letter: 'Good morning,',
};

export const THEMES: readonly ThemeMeta[] = [
  {
    id: 'newsprint',
    name: 'Newsprint',
    description: 'A classic broadsheet: serif headlines, column rules and a dateline on warm paper.',
    primaryColor: '#1a1a1a',
    secondaryColor: '#f4efe1',
    accentColor: '#8b1e1e',
    fontFamily: SERIF,
    titleFontFamily: TIMES,
    headerStyle: 'broadsheet',
    bodyStyle: 'column-rules',
    preview: 'LATE EDITION — All the stories your readers need, set in ink.',
    subscription: 'professional',
  },
  {
    id: 'market-watch',
    name: 'Market Watch',
    description: 'Ticker-style header and compact data rows for fast-moving markets.',
    primaryColor: '#0b3d2e',
    secondaryColor: '#e9f4ee',
    accentColor: '#16a34a',
    fontFamily: SANS,
    titleFontFamily: MONO,
    headerStyle: 'ticker',
    bodyStyle: 'data-rows',
    preview: '▲ 12 stories · 4 min read — Markets, moves and what they mean.',
    subscription: 'free',
  },
  {
    id: 'local-tribune',
    name: 'Local Tribune',
    description: 'A friendly community paper with section kickers and a bold nameplate.',
    primaryColor: '#1d4e89',
    secondaryColor: '#fbf6ea',
    accentColor: '#e07a1f',
    fontFamily: SERIF,
    titleFontFamily: PALATINO,
    headerStyle: 'community',
    bodyStyle: 'kicker',
    preview: 'YOUR TOWN · Council approves the new riverside park.',
    subscription: 'basic',
  },
  {
    id: 'corporate',
    name: 'Corporate',
    description: 'Crisp, square and trustworthy: a boardroom brief with a navy accent rail.',
    primaryColor: '#1e3a5f',
    secondaryColor: '#eef2f7',
    accentColor: '#0e87c9',
    fontFamily: HELVETICA,
    headerStyle: 'corporate',
    bodyStyle: 'boxed',
    preview: 'Quarterly brief: the five updates your stakeholders asked for.',
    subscription: 'business',
  },
  {
    id: 'tech',
    name: 'Tech',
    description: 'A terminal prompt masthead, monospace labels and cyan accent bars.',
    primaryColor: '#0f172a',
    secondaryColor: '#e6ebf2',
    accentColor: '#06b6d4',
    fontFamily: VERDANA,
    titleFontFamily: MONO,
    headerStyle: 'terminal',
    bodyStyle: 'accent-bar',
    preview: '$ cat ./this-week.md — releases, research and tools.',
    subscription: 'business',
  },
  {
    id: 'sports-arena',
    name: 'Sports Arena',
    description: 'Scoreboard energy: heavy italic caps, a stadium stripe and numbered plays.',
    primaryColor: '#b91c1c',
    secondaryColor: '#f3f4f6',
    accentColor: '#facc15',
    fontFamily: SANS,
    titleFontFamily: IMPACT,
    headerStyle: 'scoreboard',
    bodyStyle: 'numbered',
    preview: 'FINAL WHISTLE — Match reports, transfers and the table.',
    subscription: 'professional',
  },
  {
    id: 'rainbow-vibes',
    name: 'Rainbow Vibes',
    description: 'Bright, solid colour bands (no gradients, safe in every inbox) and playful cards.',
    primaryColor: '#7c3aed',
    secondaryColor: '#fdf4ff',
    accentColor: '#f59e0b',
    fontFamily: TREBUCHET,
    titleFontFamily: TREBUCHET,
    headerStyle: 'bands',
    bodyStyle: 'bubbles',
    preview: 'Good news, bright ideas and a little colour for your week.',
    subscription: 'professional',
  },
  {
    id: 'fun-and-friendly',
    name: 'Fun and Friendly',
    description: 'Rounded bubbles, warm coral and teal, written like a note from a friend.',
    primaryColor: '#e85d5d',
    secondaryColor: '#fff4ec',
    accentColor: '#2bb3a8',
    fontFamily: TREBUCHET,
    titleFontFamily: TREBUCHET,
    headerStyle: 'bubbly',
    bodyStyle: 'bubbles',
    preview: 'Hey there! Here is what made us smile this week.',
    subscription: 'business',
  },
  {
    id: 'education',
    name: 'Education',
    description: 'Notebook lines, a red margin rule and numbered lessons for learners.',
    primaryColor: '#1e40af',
    secondaryColor: '#fdfbee',
    accentColor: '#dc2626',
    fontFamily: VERDANA,
    titleFontFamily: SERIF,
    headerStyle: 'notebook',
    bodyStyle: 'numbered',
    preview: 'Lesson 1 — Five readings worth your study time this week.',
    subscription: 'professional',
  },
  {
    id: 'modern',
    name: 'Modern',
    description: 'Quiet and airy: generous white space, hairline rules, an indigo accent.',
    primaryColor: '#111827',
    secondaryColor: '#f7f7f8',
    accentColor: '#6366f1',
    fontFamily: HELVETICA,
    headerStyle: 'minimal',
    bodyStyle: 'minimal',
    preview: 'Less noise, more signal. Four things worth reading.',
    subscription: 'professional',
  },
  {
    id: 'startup-tech',
    name: 'Startup Tech',
    description: 'Launch-day energy: a bold block masthead, pill tags and product-card stories.',
    primaryColor: '#4f46e5',
    secondaryColor: '#eef0ff',
    accentColor: '#10b981',
    fontFamily: SANS,
    titleFontFamily: BLACK,
    headerStyle: 'launch',
    bodyStyle: 'boxed',
    preview: 'Shipped this week: funding rounds, launches and growth notes.',
    subscription: 'professional',
  },
  {
    id: 'creative',
    name: 'Creative',
    description: 'An art-directed editorial: oversized italic serif, magenta blocks, pull-quote summaries.',
    primaryColor: '#c0266d',
    secondaryColor: '#fdf1f6',
    accentColor: '#1f1f2e',
    fontFamily: SERIF,
    titleFontFamily: PALATINO,
    headerStyle: 'editorial',
    bodyStyle: 'editorial',
    preview: '“Make it bold.” Studio notes, inspiration and craft.',
    subscription: 'professional',
  },
  {
    id: 'finance',
    name: 'Finance',
    description: 'A private-bank ledger: navy and gold, tabular rows, an understated serif.',
    primaryColor: '#0c2340',
    secondaryColor: '#f5f1e6',
    accentColor: '#b8911f',
    fontFamily: SANS,
    titleFontFamily: SERIF,
    headerStyle: 'ledger',
    bodyStyle: 'data-rows',
    preview: 'The Ledger — Rates, earnings and the week in capital.',
    subscription: 'professional',
  },
  {
    id: 'travel',
    name: 'Travel',
    description: 'A postcard from the road: stamp-dated masthead, dashed borders, sunset accents.',
    primaryColor: '#0e7490',
    secondaryColor: '#fff7ea',
    accentColor: '#f97316',
    fontFamily: TREBUCHET,
    titleFontFamily: SERIF,
    headerStyle: 'postcard',
    bodyStyle: 'postcard',
    preview: 'Greetings from somewhere new: routes, tips and places to go.',
    subscription: 'professional',
  },
  {
    id: 'health',
    name: 'Health',
    description: 'Calm and clean: soft teal panels, rounded cards and plenty of breathing room.',
    primaryColor: '#0f766e',
    secondaryColor: '#effbf8',
    accentColor: '#65a30d',
    fontFamily: VERDANA,
    titleFontFamily: HELVETICA,
    headerStyle: 'wellness',
    bodyStyle: 'boxed',
    preview: 'Your weekly dose of evidence-based wellbeing.',
    subscription: 'business',
  },
  {
    id: 'lifestyle',
    name: 'Lifestyle',
    description: 'A glossy magazine cover: spaced capitals, warm taupe and elegant features.',
    primaryColor: '#6f4e37',
    secondaryColor: '#faf5ef',
    accentColor: '#c98b5b',
    fontFamily: HELVETICA,
    titleFontFamily: PALATINO,
    headerStyle: 'magazine',
    bodyStyle: 'editorial',
    preview: 'THE EDIT — Home, style and the little luxuries.',
    subscription: 'professional',
  },
  {
    id: 'the-capitol-digest',
    name: 'The Capitol Digest',
    description: 'A formal policy digest: stately serif, double rules and numbered briefings.',
    primaryColor: '#1f2a44',
    secondaryColor: '#f7f4ec',
    accentColor: '#9b2335',
    fontFamily: SERIF,
    titleFontFamily: TIMES,
    headerStyle: 'capitol',
    bodyStyle: 'numbered',
    preview: 'Briefing No. 1 — Bills, hearings and the votes that matter.',
    subscription: 'business',
  },
  {
    // Decided (PRODUCT.md): the 18th theme, free, designed here.
    id: 'morning-brief',
    name: 'Morning Brief',
    description: 'A warm personal letter with a sunrise rule: simple, readable, yours.',
    primaryColor: '#c2410c',
    secondaryColor: '#fff7ed',
    accentColor: '#f59e0b',
    fontFamily: SANS,
    titleFontFamily: SERIF,
    headerStyle: 'letter',
    bodyStyle: 'letter',
    preview: 'Good morning! Here is what is worth your coffee today.',
    subscription: 'free',
    // The default theme (DEFAULT_THEME_ID): titles as dark as the text, the accent in the rules and links.
    inkTitles: true,
  },
];

/**
 * The theme a new creator meets first (the picker's first card, the AI's drafts): Morning Brief, light
 * and neutral, with full-contrast titles and no copy of its own in the issue.
 */
export const DEFAULT_THEME_ID = 'morning-brief';

const BY_ID = new Map(THEMES.map((t) => [t.id, t]));

/** The plan a theme tier needs, as the upgrade message names it. */
export function planLabelForTier(tier: ThemeTier): string {
  return tier === 'admin' ? PLAN_LABELS.enterprise : PLAN_LABELS[tier];
}

/** The one refusal of a theme above the user's plan: picking it, assembling with it, building on it. */
export function themeLockedMessage(theme: Pick<ThemeMeta, 'name' | 'subscription'>): string {
  const plan = planLabelForTier(theme.subscription);
  return `The ${theme.name} theme requires the ${plan} plan. Upgrade to ${plan} to use it.`;
}

export function getTheme(id: string): ThemeMeta | undefined {
  return BY_ID.get(id);
}

export type ThemeForUser = ThemeMeta & { locked: boolean };

/** Every theme with a lock flag for this user (anonymous visitors count as free). */
export function themesForUser(user: { role?: unknown; planType?: unknown } | null | undefined): ThemeForUser[] {
  const u = user ?? {};
  return THEMES.map((t) => ({ ...t, locked: !canUseThemeTier(u, t.subscription) }));
}

export const PROFESSIONAL_THEME_COUNT = 10;

/** Start-up self-check (spec §5): warns when the professional tier does not hold exactly 10 themes. */
export function checkThemeCatalogue(log: { warn(msg: string): void }, themes: readonly ThemeMeta[] = THEMES): boolean {
  const n = themes.filter((t) => t.subscription === 'professional').length;
  if (n === PROFESSIONAL_THEME_COUNT) return true;
  log.warn(`PROFESSIONAL PLAN REQUIRES EXACTLY 10 THEMES (FOUND ${n})`);
  return false;
}
