// ai.*: the AI tools. Workflow: summary with source spans, intro, subject lines, pick the best N,
// the articles earlier issues used. AI Magic: sources and trending topics of the creator's channels,
// generations as jobs (watched over SSE, stored as they stream), saving and drafts.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { aiContract } from '../../shared/schemas/ai';
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

export const aiRouter = router(
  implement(aiContract, {
    status: (ctx, input) => aiStatus(ctx, input?.publicationId),
    summarize: (ctx, input) => summarizeArticle(ctx, input.article, input.publicationId),
    intro: issueIntro,
    subjects: subjectLines,
    pick: pickBest,
    usedArticles: (ctx, input) => usedInPublication(ctx, input.publicationId),
    sources: topicSources,
    trending,
    generate: startGeneration,
    job: (ctx, input) => getJob(ctx, input.id),
    jobs: listJobs,
    watch: (ctx, input, signal) => watchJob(ctx, input.id, signal),
    save: saveGeneration,
    drafts: listDrafts,
    deleteDraft: (ctx, input) => deleteDraft(ctx, input.id),
  }),
);
