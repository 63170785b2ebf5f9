// AI as the API exchanges it: what each tool takes and gives back. Every generated text cites its
// sources with [n] marks, n being the source's position in `sources` plus one.
import { z } from 'zod';
import { articleSchema } from './content';
import { publicationId } from './publications';
import { eventStream, noInput, okResult } from './common';
import { mutation, query, subscription, type RouterContract } from '../contract';

export const AI_KINDS = ['newsletter', 'blog', 'social', 'email', 'product'] as const;
export type AiKind = (typeof AI_KINDS)[number];

export const AI_KIND_INFO: Record<AiKind, { label: string; description: string }> = {
  newsletter: { label: 'Newsletter', description: 'An issue intro and a short piece on each story' },
  blog: { label: 'Blog post', description: 'A post with a headline, sections and sources' },
  social: { label: 'Social posts', description: 'A post for X (280 characters) and one for LinkedIn' },
  email: { label: 'Email campaign', description: 'Subject, preview text and a short campaign email' },
  product: { label: 'Product description', description: 'A description built from what the articles say' },
};

/** Post lengths the social tool keeps to. */
export const SOCIAL_LIMITS = { x: 280, linkedin: 3000 } as const;

export const AI_MAX_SOURCES = 12;
export const AI_MAX_CANDIDATES = 500;
export const AI_MAX_PICKS = 20;

export const AI_MSG = {
  noSources: 'Choose at least one article to write from.',
  tooManySources: `Choose at most ${AI_MAX_SOURCES} articles to write from.`,
  notAvailable: 'AI tools are available on the Basic plan and above.',
  jobNotFound: 'Generation not found',
  draftNotFound: 'Draft not found',
  noText: 'There is nothing to save yet.',
  stillRunning: 'Wait for the generation to finish before saving it.',
  noArticleText: 'This article has no text to summarise.',
  tasteNeedsIssue: 'On the Free plan the AI tools work inside an issue: open one in the workflow.',
} as const;

/** Free's taste used up: what the server refuses with and the workflow's notice says. */
export const tasteExhausted = (limit: number, plan: string, renews: string) =>
  `You have used AI picks and summaries in all ${limit} issues your ${plan} plan includes this month. They renew on ${renews}; upgrade for AI in every issue.`;

/** "2 of 3 AI issues left this month". */
export const tasteLeftLine = (t: Pick<TasteInfo, 'left' | 'limit'>) => `${t.left} of ${t.limit} AI ${t.limit === 1 ? 'issue' : 'issues'} left this month`;

/** An article as the AI tools take it: what the workflow and the article lists already hold. */
export const aiArticle = articleSchema.pick({ id: true, title: true, url: true, source: true, channelUrl: true }).extend({
  id: z.string().max(200),
  title: z.string().max(500),
  url: z.string().max(2048),
  source: z.string().max(200).default(''),
  channelUrl: z.string().max(2048).default(''),
  summary: z.string().max(5000).default(''),
  publishDate: z.string().max(64).optional(),
});
export type AiArticle = z.infer<typeof aiArticle>;

/** The fields of an article the AI tools take (an article list holds more). */
export function toAiArticle(a: Pick<AiArticle, 'id' | 'title' | 'url' | 'source' | 'channelUrl' | 'summary' | 'publishDate'>): AiArticle {
  return { id: a.id, title: a.title, url: a.url, source: a.source, channelUrl: a.channelUrl, summary: a.summary, publishDate: a.publishDate };
}

const topic = z.string().trim().max(200, 'A topic can be at most 200 characters').default('');

export const engineInfo = z.object({
  kind: z.enum(['builtin', 'model']),
  /** 'Built-in engine' or the model's name. */
  name: z.string(),
  /** Why the built-in engine wrote although a model is configured (the model failed). */
  note: z.string().optional(),
});
export type EngineInfo = z.infer<typeof engineInfo>;

/** A model the operator configured, as the picker shows it to this user. */
export const aiModelOption = z.object({
  id: z.string(),
  name: z.string(),
  /** Whether the user's plan includes it (others are shown with the plan that does). */
  included: z.boolean(),
  plan: z.string().nullable(),
});
export type AiModelOption = z.infer<typeof aiModelOption>;

/** Which engine writes: a configured model's id, or 'builtin'; left out, the first model the plan includes. */
export const modelChoice = z.string().trim().min(1).max(40).optional();

export const quotaInfo = z.object({
  used: z.number().int(),
  /** null: unlimited. */
  limit: z.number().int().nullable(),
  /** First moment of the next month (UTC), when the count starts again. */
  resetsAt: z.string(),
});
export type QuotaInfo = z.infer<typeof quotaInfo>;

/** A plan's taste of the AI tools (Free): AI issues a month, how many this month counted, and whether the asked issue is one. */
export const tasteInfo = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
  /** First moment of the next month (UTC). */
  resetsAt: z.string(),
  /** The publication's current issue is counted this month: its AI calls count nothing more. */
  thisIssue: z.boolean(),
});
export type TasteInfo = z.infer<typeof tasteInfo>;

export const statusInput = z.object({ publicationId: z.string().max(100).optional() }).optional();

export const statusOutput = z.object({
  enabled: z.boolean(),
  /** Who writes when the user picks nothing: the first model the plan includes, or the built-in engine. */
  engine: engineInfo,
  /** Every configured model (none when the operator configured none): the user picks among the included ones. */
  models: z.array(aiModelOption),
  quota: quotaInfo,
  /** Free's taste (null on plans with the AI tools): while it lasts the workflow's AI tools work in that many issues. */
  taste: tasteInfo.nullable(),
});

export const aiSource = z.object({ id: z.string(), title: z.string(), url: z.string(), source: z.string(), channelUrl: z.string() });
export type AiSource = z.infer<typeof aiSource>;

// --- Workflow tools -------------------------------------------------------------------------------

/** The issue an AI call is made in (the Free plan's taste counts issues; other plans ignore it). */
const inIssue = z.string().max(100).optional();

export const summarizeInput = z.object({ article: aiArticle, publicationId: inIssue });
export const summarizeOutput = z.object({
  /** The chosen sentences, in the article's order; start/end are offsets into `text`. */
  sentences: z.array(z.object({ text: z.string(), start: z.number().int(), end: z.number().int() })),
  /** The article text the sentences were taken from. */
  text: z.string(),
  /** 'full' when the feed carries the article, 'teaser' when it carries only its start. */
  basis: z.enum(['full', 'teaser']),
  sentenceCount: z.number().int(),
  engine: engineInfo,
  quota: quotaInfo,
  taste: tasteInfo.optional(),
});
export type SummarizeOutput = z.infer<typeof summarizeOutput>;

const articlesForWriting = z.array(aiArticle).min(1, AI_MSG.noSources).max(AI_MAX_SOURCES, AI_MSG.tooManySources);

export const introInput = z.object({
  newsletterName: z.string().trim().max(200).default(''),
  topic,
  articles: articlesForWriting,
  model: modelChoice,
  publicationId: inIssue,
});
export const introOutput = z.object({ text: z.string(), sources: z.array(aiSource), engine: engineInfo, quota: quotaInfo, taste: tasteInfo.optional() });

export const subjectsOutput = z.object({
  subjects: z.array(z.object({ text: z.string(), basedOn: z.array(z.number().int()) })),
  sources: z.array(aiSource),
  engine: engineInfo,
  quota: quotaInfo,
  taste: tasteInfo.optional(),
});

export const pickInput = z.object({
  publicationId: inIssue,
  newsletterName: z.string().trim().max(200).default(''),
  topic,
  count: z.number().int().min(1).max(AI_MAX_PICKS).default(5),
  articles: z.array(aiArticle).min(1, 'There are no articles to choose from.').max(AI_MAX_CANDIDATES),
});
export const pickOutput = z.object({
  picks: z.array(z.object({ id: z.string(), score: z.number(), reason: z.string() })),
  /** The words the ranking took as the publication's topic. */
  topicTerms: z.array(z.string()),
  engine: engineInfo,
  quota: quotaInfo,
  taste: tasteInfo.optional(),
});
export type PickOutput = z.infer<typeof pickOutput>;

export const usedArticlesInput = z.object({ publicationId });
export const usedArticlesOutput = z.array(z.object({ url: z.string(), title: z.string(), issue: z.string(), sentAt: z.string() }));

// --- AI Magic --------------------------------------------------------------------------------------

export const sourcesInput = z.object({ topic, limit: z.number().int().min(1).max(60).default(30) });
export const sourcesOutput = z.object({
  articles: z.array(aiArticle.extend({ score: z.number(), reason: z.string() })),
  channels: z.number().int(),
  failed: z.array(z.string()),
});

export const trendingOutput = z.object({
  topics: z.array(z.object({ topic: z.string(), articles: z.number().int(), channels: z.number().int() })),
  channels: z.number().int(),
});

export const generateInput = z.object({ kind: z.enum(AI_KINDS), topic, articles: articlesForWriting, model: modelChoice });

export const jobOutput = z.object({
  id: z.string(),
  kind: z.enum(AI_KINDS),
  topic: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  engine: engineInfo,
  output: z.string(),
  sources: z.array(aiSource),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type AiJob = z.infer<typeof jobOutput>;

/**
 * What the watch subscription yields: the job as stored, then, while it runs, its new text and its end.
 * For a job already finished the snapshot is all (its status says how it ended).
 */
export const aiJobEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), job: jobOutput }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('end'), status: z.enum(['done', 'failed']), error: z.string().nullable(), output: z.string() }),
]);
export type AiJobEvent = z.infer<typeof aiJobEvent>;
export const jobList = z.array(jobOutput);

export const jobIdInput = z.object({ id: z.string().max(100) });

export const saveInput = z.object({
  jobId: z.string().max(100),
  as: z.enum(['newsletter', 'draft']),
  title: z.string().trim().min(1, 'Please enter a title').max(200),
  /** The text as the creator edited it. */
  body: z.string().max(100_000),
});
export const saveOutput = z.object({ id: z.string(), as: z.enum(['newsletter', 'draft']) });

export const draftOutput = z.object({
  id: z.string(),
  kind: z.enum(AI_KINDS),
  title: z.string(),
  body: z.string(),
  sources: z.array(aiSource),
  updatedAt: z.string(),
});
export const draftList = z.array(draftOutput);

/** Splits generated text into pieces and their citations: "Text [1][2]." → [{text, cites:[1,2]}]. */
export function citedPieces(text: string): { text: string; cites: number[] }[] {
  const out: { text: string; cites: number[] }[] = [];
  const re = /((?:\s*\[\d{1,2}\])+)/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const idx = m.index ?? 0;
    const cites = [...m[0].matchAll(/\[(\d{1,2})\]/g)].map((c) => Number(c[1]));
    out.push({ text: text.slice(last, idx), cites });
    last = idx + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), cites: [] });
  return out;
}

/** The text without its [n] marks, for places that show no citations (email, subject lines). */
export function withoutCitations(text: string): string {
  return text
    .replace(/\s*\[\d{1,2}\]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

/** The ai router: what each procedure takes and answers. */
export const aiContract = {
  status: query(statusInput, statusOutput),
  summarize: mutation(summarizeInput, summarizeOutput),
  intro: mutation(introInput, introOutput),
  subjects: mutation(introInput, subjectsOutput),
  pick: mutation(pickInput, pickOutput),
  usedArticles: query(usedArticlesInput, usedArticlesOutput),
  sources: query(sourcesInput, sourcesOutput),
  trending: query(noInput, trendingOutput),
  generate: mutation(generateInput, jobOutput),
  job: query(jobIdInput, jobOutput),
  jobs: query(noInput, jobList),
  /** The job as stored, then its new text as it is written, then its end (SSE). */
  watch: subscription(jobIdInput, eventStream(aiJobEvent)),
  save: mutation(saveInput, saveOutput),
  drafts: query(noInput, draftList),
  deleteDraft: mutation(jobIdInput, okResult),
} satisfies RouterContract;
