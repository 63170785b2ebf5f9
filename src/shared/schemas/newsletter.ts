// Newsletter assembly, drafts and exports as the API exchanges them (spec §3, §7).
import { z } from 'zod';
import { articleSchema, channelRef, chosenArticles, storedArticles } from './content';
import { issueEdits } from './issue-edits';

export const LAYOUT_STYLES = ['single', 'two-column'] as const;
export const FONT_STYLES = ['normal', 'bold', 'italic'] as const;
export const COLOR_THEMES = ['light', 'dark', 'colorful'] as const;
export type LayoutStyle = (typeof LAYOUT_STYLES)[number];
export type FontStyle = (typeof FONT_STYLES)[number];
export type ColorTheme = (typeof COLOR_THEMES)[number];

/**
 * Defaults (spec §9: font normal, layout single, preview desktop). The colour theme is light (issue 43,
 * over the spec's dark): a new issue reads in light-mode inboxes and turns dark through its own
 * prefers-color-scheme rules; 'dark' is still a dark mail when the creator picks it.
 */
export const NEWSLETTER_DEFAULTS = { fontStyle: 'normal', layoutStyle: 'single', colorTheme: 'light', previewWidth: 'desktop' } as const;

/**
 * The colour theme of a stored publication or newsletter that holds none: rows without one were made
 * while the default was dark and rendered dark, so they keep it (a new row always stores its own).
 */
export const STORED_COLOR_THEME_FALLBACK = 'dark' as const satisfies ColorTheme;

export const MAX_ARTICLES = 100;
export const MAX_TITLE_LENGTH = 200;
/** Gmail clips messages whose HTML passes this many bytes. */
export const GMAIL_CLIP_BYTES = 102 * 1024;

export const assembleInput = z.object({
  newsletterName: z.string().max(MAX_TITLE_LENGTH, `Newsletter name must be at most ${MAX_TITLE_LENGTH} characters`).optional(),
  themeId: z.string().max(100).optional(),
  articles: chosenArticles(articleSchema.partial(), MAX_ARTICLES, `A newsletter can hold at most ${MAX_ARTICLES} articles`).optional(),
  layoutStyle: z.enum(LAYOUT_STYLES).default(NEWSLETTER_DEFAULTS.layoutStyle),
  fontStyle: z.enum(FONT_STYLES).default(NEWSLETTER_DEFAULTS.fontStyle),
  colorTheme: z.enum(COLOR_THEMES).default(NEWSLETTER_DEFAULTS.colorTheme),
  includeBranding: z.boolean().default(true),
  /** The issue's intro, shown above the stories (plain text; [n] citation marks are left out of the email). */
  intro: z.string().max(2000, 'The intro can be at most 2,000 characters').optional(),
  /** A subject line chosen by the creator instead of the one built from the lead story. */
  subject: z.string().max(200, 'The subject line can be at most 200 characters').optional(),
  /** The creator's edits of the body: story order, titles and blurbs, text blocks, preheader, sign-off. */
  edits: issueEdits.optional(),
});
export type AssembleInput = z.infer<typeof assembleInput>;

export const assembledNewsletter = z.object({
  /** Email HTML: tables, inline styles, 600 px. */
  html: z.string(),
  /** The web version shown by 'Web Preview'. */
  webHtml: z.string(),
  /** Plain-text part with links listed. */
  text: z.string(),
  subject: z.string(),
  /** Preheader / preview text. */
  preview: z.string(),
  metadata: z.object({
    articleCount: z.number().int(),
    wordCount: z.number().int(),
    estimatedReadTime: z.string(),
    theme: z.string(),
    themeName: z.string().optional(),
    layoutStyle: z.enum(LAYOUT_STYLES).optional(),
    fontStyle: z.enum(FONT_STYLES).optional(),
    colorTheme: z.enum(COLOR_THEMES).optional(),
    htmlBytes: z.number().int(),
    /** True when the email HTML would be clipped by Gmail (over 102 KB). */
    overGmailLimit: z.boolean(),
  }),
});
export type AssembledNewsletter = z.infer<typeof assembledNewsletter>;

export const assembleResult = z.object({ success: z.literal(true), data: assembledNewsletter });

const contentSourcesFields = {
  channels: z.array(channelRef).max(100).default([]),
  theme: z.string().max(100).optional(),
  layoutStyle: z.enum(LAYOUT_STYLES).optional(),
  fontStyle: z.enum(FONT_STYLES).optional(),
  colorTheme: z.enum(COLOR_THEMES).optional(),
  /** The intro and the edits the newsletter was assembled with, so exports and re-renders carry them. */
  intro: z.string().max(2000).optional(),
  edits: issueEdits.optional(),
};

/** What a draft was built from, as a save sends it. */
export const contentSourcesSchema = z.object({
  ...contentSourcesFields,
  articles: chosenArticles(articleSchema.partial(), MAX_ARTICLES, `A newsletter can hold at most ${MAX_ARTICLES} articles`).default([]),
});

/** The same, as a stored draft is read back (older rows are cleaned rather than refused). */
export const storedContentSources = z.object({ ...contentSourcesFields, articles: storedArticles(articleSchema.partial()).default([]) });

export const DRAFT_STATUSES = ['draft', 'ready', 'sent'] as const;

export const createDraftInput = z.object({
  title: z.string().trim().min(1, 'Please enter a title').max(MAX_TITLE_LENGTH),
  subject: z.string().max(300).default(''),
  content: z.string().max(2_000_000).default(''),
  htmlContent: z.string().max(2_000_000).default(''),
  status: z.enum(DRAFT_STATUSES).default('draft'),
  contentSources: contentSourcesSchema.default({ channels: [], articles: [] }),
  publicationId: z.string().max(100).optional(),
});
export type CreateDraftInput = z.infer<typeof createDraftInput>;
