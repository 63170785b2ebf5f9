// ai.*: the AI tools. Workflow: summary with source spans, intro, subject lines, pick the best N,
// the articles earlier issues used. AI Magic: sources and trending topics of the creator's channels,
// generations as jobs (watched over SSE, stored as they stream), saving and drafts.
import { protectedProcedure, router } from '../trpc/init';
import {
  aiJobEvent,
  draftList,
  generateInput,
  introInput,
  introOutput,
  jobIdInput,
  jobList,
  jobOutput,
  pickInput,
  pickOutput,
  saveInput,
  saveOutput,
  sourcesInput,
  statusInput,
  sourcesOutput,
  statusOutput,
  subjectsOutput,
  summarizeInput,
  summarizeOutput,
  trendingOutput,
  usedArticlesInput,
  usedArticlesOutput,
  type AiJobEvent,
} from '../../shared/schemas/ai';
import { eventStream, noInput, okResult } from '../../shared/schemas/common';
import {
  aiStatus,
  deleteDraft,
  issueIntro,
  listDrafts,
  pickBest,
  saveGeneration,
  subjectLines,
  summarizeArticle,
  topicSources,
  trending,
  usedInPublication,
} from '../ai/tools';
import { getJob, listJobs, startGeneration, watchJob } from '../ai/jobs';

export const aiRouter = router({
  status: protectedProcedure
    .input(statusInput)
    .output(statusOutput)
    .query(({ ctx, input }) => aiStatus(ctx, input?.publicationId)),
  summarize: protectedProcedure
    .input(summarizeInput)
    .output(summarizeOutput)
    .mutation(({ ctx, input }) => summarizeArticle(ctx, input.article, input.publicationId)),
  intro: protectedProcedure
    .input(introInput)
    .output(introOutput)
    .mutation(({ ctx, input }) => issueIntro(ctx, input)),
  subjects: protectedProcedure
    .input(introInput)
    .output(subjectsOutput)
    .mutation(({ ctx, input }) => subjectLines(ctx, input)),
  pick: protectedProcedure
    .input(pickInput)
    .output(pickOutput)
    .mutation(({ ctx, input }) => pickBest(ctx, input)),
  usedArticles: protectedProcedure
    .input(usedArticlesInput)
    .output(usedArticlesOutput)
    .query(({ ctx, input }) => usedInPublication(ctx, input.publicationId)),
  sources: protectedProcedure
    .input(sourcesInput)
    .output(sourcesOutput)
    .query(({ ctx, input }) => topicSources(ctx, input)),
  trending: protectedProcedure
    .input(noInput)
    .output(trendingOutput)
    .query(({ ctx }) => trending(ctx)),
  generate: protectedProcedure
    .input(generateInput)
    .output(jobOutput)
    .mutation(({ ctx, input }) => startGeneration(ctx, input)),
  job: protectedProcedure
    .input(jobIdInput)
    .output(jobOutput)
    .query(({ ctx, input }) => getJob(ctx, input.id)),
  jobs: protectedProcedure
    .input(noInput)
    .output(jobList)
    .query(({ ctx }) => listJobs(ctx)),
  /** The job as stored, then its new text as it is written, then its end (SSE). */
  watch: protectedProcedure
    .input(jobIdInput)
    .output(eventStream(aiJobEvent))
    .subscription(async function* ({ ctx, input, signal }): AsyncGenerator<AiJobEvent> {
      yield* watchJob(ctx, input.id, signal);
    }),
  save: protectedProcedure
    .input(saveInput)
    .output(saveOutput)
    .mutation(({ ctx, input }) => saveGeneration(ctx, input)),
  drafts: protectedProcedure
    .input(noInput)
    .output(draftList)
    .query(({ ctx }) => listDrafts(ctx)),
  deleteDraft: protectedProcedure
    .input(jobIdInput)
    .output(okResult)
    .mutation(({ ctx, input }) => deleteDraft(ctx, input.id)),
});
