// The AI tools behind the workflow and AI Magic: an article's summary with its source spans, an issue
// intro, subject lines, 'pick the best N', the sources and trending topics of a creator's channels,
// and saving a generation as a newsletter draft or a content draft. Each checks the plan; the writing
// tools count against the monthly quota only when they deliver. On Free the workflow's tools (summary,
// intro, subject lines, picks) work in the issues of its taste (taste.ts); AI Magic stays with the plans.
import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { contentDrafts, newsletters } from '../../../db/schema';
import { AppError } from '../errors';
import type { Context } from '../context';
import { AI_KINDS, AI_MSG, citedPieces, toAiArticle, withoutCitations, type AiArticle, type AiKind, type EngineInfo } from '../../shared/schemas/ai';
import { summarize } from './summarize';
import { rankArticles } from './rank';
import { prepare, trendingTopics, writeIntro, writeSubjects, type Prepared } from './builtin';
import { completeChat, type ModelConfig } from './model';
import { chooseModel, modelOptions, type AiModel } from './models';
import { checkOutput, introPrompt, subjectsPrompt } from './prompts';
import { hasAiTools, quotaOf, requireAiTools } from './quota';
import { countedAiUse, requireAiOrTaste, tasteOf } from './taste';
import { articleText, channelArticles, sourceRefs, usedArticles } from './sources';
import { getJob, type AiCtx } from './jobs';
import { BUILTIN, engineOf } from './runtime';
import { assembleNewsletter } from '../newsletter/assemble';
import { assembleInputFrom } from '../publications/assemble-input';
import { DEFAULT_THEME_ID, getTheme, THEMES } from '../../shared/themes';
import { canUseThemeTier } from '../../shared/plans';
import { affectedRows } from '../db';

type ToolCtx = AiCtx & Pick<Context, 'env' | 'gates'>;

/**
 * What the AI tools are to this user: `enabled` on plans with them; on Free, `taste` says how many AI
 * issues the month has left and whether `publicationId`'s current issue is one (its calls are free).
 */
export async function aiStatus(ctx: Pick<AiCtx, 'db' | 'ai' | 'user' | 'now'>, publicationId?: string) {
  const now = ctx.now();
  return {
    enabled: hasAiTools(ctx.user),
    engine: engineOf(chooseModel(ctx.ai.models, ctx.user)),
    models: modelOptions(ctx.ai.models, ctx.user),
    quota: await quotaOf(ctx.db, ctx.user, now),
    taste: await tasteOf(ctx.db, ctx.user, now, publicationId),
  };
}

/** Runs CPU work of the built-in engine through the user's AI gate (one at a time per user). */
function gated<T>(ctx: ToolCtx, fn: () => T): Promise<T> {
  return ctx.gates.ai.run(`user:${ctx.user.id}`, fn);
}

export async function summarizeArticle(ctx: ToolCtx, article: AiArticle, publicationId?: string) {
  requireAiOrTaste(ctx.user);
  return gated(ctx, async () => {
    const text = await articleText(ctx.db, article);
    if (!text.text.trim()) throw new AppError('BAD_REQUEST', AI_MSG.noArticleText);
    return countedAiUse(ctx.db, ctx.user, ctx.now(), publicationId, (counted) => {
      const summary = summarize(text.text, { maxSentences: 3 });
      return { sentences: summary.sentences, text: text.text, basis: text.basis, sentenceCount: summary.sentenceCount, engine: BUILTIN, ...counted };
    });
  });
}

async function prepared(ctx: ToolCtx, articles: AiArticle[]): Promise<Prepared[]> {
  const texts: Parameters<typeof prepare>[0] = [];
  for (const article of articles) texts.push({ article, text: await articleText(ctx.db, article) });
  return prepare(texts);
}

/**
 * With a model configured it writes; when the model fails, the built-in engine writes instead and
 * says why, so the creator is never left without an answer.
 */
async function withModel<T>(
  ctx: ToolCtx,
  model: AiModel | null,
  viaModel: (config: ModelConfig) => Promise<T>,
  builtin: () => T,
): Promise<{ value: T; engine: EngineInfo }> {
  if (!model) return { value: await gated(ctx, builtin), engine: BUILTIN };
  try {
    return { value: await viaModel(model.config), engine: engineOf(model) };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { value: await gated(ctx, builtin), engine: { ...BUILTIN, note: `${err.message} The built-in engine wrote this instead.` } };
  }
}

type WritingInput = { newsletterName: string; topic: string; articles: AiArticle[]; model?: string; publicationId?: string };

/**
 * One writing tool's run: the plan's access, the model chosen, the use counted, the articles prepared as
 * sources; then the model's text (checked against the articles) or the built-in engine's.
 */
function writeFromArticles<T>(
  ctx: ToolCtx,
  input: WritingInput,
  viaModel: (config: ModelConfig, sources: Prepared[]) => Promise<T>,
  builtin: (sources: Prepared[]) => T,
) {
  requireAiOrTaste(ctx.user);
  const model = chooseModel(ctx.ai.models, ctx.user, input.model);
  return countedAiUse(ctx.db, ctx.user, ctx.now(), input.publicationId, async (counted) => {
    const sources = await gated(ctx, () => prepared(ctx, input.articles));
    const { value, engine } = await withModel(
      ctx,
      model,
      (config) => viaModel(config, sources),
      () => builtin(sources),
    );
    return { value, sources: sourceRefs(input.articles), engine, counted };
  });
}

export async function issueIntro(ctx: ToolCtx, input: WritingInput) {
  const { value, sources, engine, counted } = await writeFromArticles(
    ctx,
    input,
    async (config, sources) => checkOutput((await completeChat(config, introPrompt(sources, input.newsletterName, input.topic))).trim(), input.articles),
    (sources) => writeIntro(sources, { newsletterName: input.newsletterName }),
  );
  return { text: value, sources, engine, ...counted };
}

/** The model's subject lines: up to three, list marks and quotes taken off, each with the sources it cites. */
function subjectsFrom(text: string) {
  const lines = text
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter(Boolean)
    .slice(0, 3);
  if (!lines.length) throw new AppError('BAD_GATEWAY', 'The AI service gave no subject lines.');
  return lines.map((l) => ({
    text: withoutCitations(l)
      .replace(/^["“]|["”]$/g, '')
      .slice(0, 150),
    basedOn: [...new Set(citedPieces(l).flatMap((p) => p.cites))],
  }));
}

export async function subjectLines(ctx: ToolCtx, input: WritingInput) {
  const { value, sources, engine, counted } = await writeFromArticles(
    ctx,
    input,
    async (config, sources) => subjectsFrom(checkOutput(await completeChat(config, subjectsPrompt(sources, input.newsletterName)), input.articles)),
    (sources) => writeSubjects(sources),
  );
  return { subjects: value, sources, engine, ...counted };
}

export async function pickBest(ctx: ToolCtx, input: { publicationId?: string; newsletterName: string; topic: string; count: number; articles: AiArticle[] }) {
  requireAiOrTaste(ctx.user);
  const used = input.publicationId ? await usedArticles(ctx.db, ctx.user.id, input.publicationId) : [];
  return countedAiUse(ctx.db, ctx.user, ctx.now(), input.publicationId, async (counted) => {
    const ranked = await gated(ctx, () =>
      rankArticles(input.articles, { topic: input.topic, newsletterName: input.newsletterName, used, count: input.count, now: ctx.now() }),
    );
    return {
      picks: ranked.picks.map((p) => ({ id: p.id, score: Math.round(p.score * 1000) / 1000, reason: p.reason })),
      topicTerms: ranked.topic,
      engine: BUILTIN,
      ...counted,
    };
  });
}

/** The articles earlier issues of a publication carried (available on every plan: it is curation, not generation). */
export async function usedInPublication(ctx: Pick<AiCtx, 'db' | 'user'>, publicationId: string) {
  return (await usedArticles(ctx.db, ctx.user.id, publicationId)).map((u) => ({ url: u.url, title: u.title, issue: u.issue, sentAt: u.sentAt.toISOString() }));
}

/** Articles of the creator's channels ranked for a topic, to write from. Not counted: nothing is written. */
export async function topicSources(ctx: ToolCtx, input: { topic: string; limit: number }) {
  requireAiTools(ctx.user);
  const found = await channelArticles(ctx);
  const ranked = await gated(ctx, () => rankArticles(found.articles, { topic: input.topic, count: input.limit, now: ctx.now() }));
  const byId = new Map(found.articles.map((a) => [a.id, a]));
  const articles = ranked.picks.map((p) => {
    const a = byId.get(p.id)!;
    return {
      ...toAiArticle(a),
      score: p.score,
      reason: p.reason,
    };
  });
  return { articles, channels: found.channels, failed: found.failed };
}

export async function trending(ctx: ToolCtx) {
  requireAiTools(ctx.user);
  const found = await channelArticles(ctx);
  const topics = await gated(ctx, () => trendingTopics(found.articles));
  return { topics, channels: found.channels };
}

/** The default theme (free, so every plan has it), for a newsletter saved from AI Magic; else the first the plan allows. */
function defaultTheme(user: { role?: unknown; planType?: unknown }): string {
  const preferred = getTheme(DEFAULT_THEME_ID);
  if (preferred && canUseThemeTier(user, preferred.subscription)) return preferred.id;
  return (THEMES.find((t) => canUseThemeTier(user, t.subscription)) ?? THEMES[0]!).id;
}

/** A newsletter piece as the issue model takes it: the intro, and each story's text by its [n]. */
function splitNewsletter(body: string): { intro: string; sections: Map<number, string> } {
  const [head, ...rest] = body.split(/^###\s+/m);
  const sections = new Map<number, string>();
  for (const part of rest) {
    const [heading = '', ...lines] = part.split('\n');
    const n = citedPieces(heading).flatMap((p) => p.cites)[0];
    const text = lines.filter((l) => !/^read more:/i.test(l.trim())).join(' ');
    if (n && !sections.has(n)) sections.set(n, withoutCitations(text).replace(/\s+/g, ' ').trim());
  }
  return {
    intro: withoutCitations(head ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
    sections,
  };
}

export async function saveGeneration(ctx: ToolCtx, input: { jobId: string; as: 'newsletter' | 'draft'; title: string; body: string }) {
  requireAiTools(ctx.user);
  const job = await getJob(ctx, input.jobId);
  if (job.status === 'running') throw new AppError('CONFLICT', AI_MSG.stillRunning);
  if (!input.body.trim()) throw new AppError('BAD_REQUEST', AI_MSG.noText);
  const now = ctx.now();
  const id = crypto.randomUUID();
  if (input.as === 'draft') {
    await ctx.db
      .insert(contentDrafts)
      .values({ id, userId: ctx.user.id, kind: job.kind, title: input.title, body: input.body, sources: job.sources, createdAt: now, updatedAt: now });
    return { id, as: 'draft' as const };
  }
  const { intro, sections } = splitNewsletter(input.body);
  const articles = job.sources.map((s, i) => ({
    id: s.id,
    title: s.title,
    url: s.url,
    source: s.source,
    channelUrl: s.channelUrl,
    summary: sections.get(i + 1) || s.title,
    aiEnhanced: sections.has(i + 1),
  }));
  const themeId = defaultTheme(ctx.user);
  // No stored workflow here: the generation is the request, the defaults fill the rest (light colours
  // for a piece that was written, not curated).
  const assembled = assembleNewsletter(ctx, assembleInputFrom({ newsletterName: input.title, themeId, articles, intro, colorTheme: 'light' }));
  await ctx.db.insert(newsletters).values({
    id,
    userId: ctx.user.id,
    title: input.title,
    subject: assembled.subject,
    content: assembled.text,
    htmlContent: assembled.html,
    status: 'draft',
    contentSources: { channels: [], articles, theme: themeId, layoutStyle: 'single', fontStyle: 'normal', colorTheme: 'light' },
    publicationId: null,
    createdAt: now,
    updatedAt: now,
  });
  return { id, as: 'newsletter' as const };
}

const toDraft = (r: typeof contentDrafts.$inferSelect) => ({
  id: r.id,
  kind: ((AI_KINDS as readonly string[]).includes(r.kind) ? r.kind : 'blog') as AiKind,
  title: r.title,
  body: r.body,
  sources: r.sources,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listDrafts(ctx: Pick<AiCtx, 'db' | 'user'>) {
  const rows = await ctx.db
    .select()
    .from(contentDrafts)
    .where(eq(contentDrafts.userId, ctx.user.id))
    .orderBy(desc(contentDrafts.updatedAt), desc(contentDrafts.id))
    .limit(100);
  return rows.map(toDraft);
}

export async function deleteDraft(ctx: Pick<AiCtx, 'db' | 'user'>, id: string) {
  const res = await ctx.db.delete(contentDrafts).where(and(eq(contentDrafts.id, id), eq(contentDrafts.userId, ctx.user.id)));
  if (affectedRows(res) === 0) throw new AppError('NOT_FOUND', AI_MSG.draftNotFound);
  return { success: true as const };
}
