// AI Magic: a creator picks what to write, a topic and articles of their own channels; the engine
// writes from those articles only, citing each one, and the text streams in. Plans without AI tools
// see the upgrade notice alone (the server refuses them too).
import { useState, type ReactNode } from 'react';
import { Cpu, Sparkles } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ListError } from '../../components/ui/list-states';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { UpgradeNotice } from '../../components/upgrade-notice';
import { AI_KIND_INFO, AI_MSG, type AiKind, type AiModelOption, type EngineInfo, type QuotaInfo } from '../../../shared/schemas/ai';
import { AiModelPicker, useAiModelChoice } from '../../components/ai-model-picker';
import { GenerationResult } from './generation-result';
import { RecentGenerations, YourDrafts } from './history';
import { KindPicker } from './kind-picker';
import { SourcesStep } from './sources-step';
import { formatUtcDate, plural } from './text';
import { TopicStep } from './topic-step';
import { useSources } from './use-sources';

function StatusStrip({ engine, models, quota }: { engine: EngineInfo; models: AiModelOption[]; quota: QuotaInfo }) {
  const share = quota.limit ? Math.min(1, quota.used / quota.limit) : 0;
  return (
    <Card className="mb-6 flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid min-w-0 gap-1.5" data-testid="ai-engine">
        <AiModelPicker models={models} />
        {models.length > 0 ? (
          <p className="max-w-xl text-sm text-muted">
            Models your workspace enabled for your plan write with your sources; the built-in engine quotes them and works offline. If a model fails, the
            built-in engine writes instead and says so.
          </p>
        ) : engine.kind === 'builtin' ? (
          <>
            <Badge className="w-fit">
              <Cpu className="size-3" aria-hidden />
              Built-in engine
            </Badge>
            <p className="max-w-xl text-sm text-muted">
              Works offline: picks and quotes the most central sentences of your articles and cites each one. It does not invent text.
            </p>
          </>
        ) : (
          <Badge tone="brand" className="w-fit">
            <Sparkles className="size-3" aria-hidden />
            Model: {engine.name}
          </Badge>
        )}
      </div>
      <div className="grid shrink-0 gap-1.5 text-sm sm:min-w-56 sm:text-right" data-testid="ai-quota">
        <p className="font-medium text-zinc-900 dark:text-zinc-100">
          {quota.limit === null ? 'Unlimited generations' : `${quota.used.toLocaleString('en-US')} of ${plural(quota.limit, 'generation')} used this month`}
        </p>
        {quota.limit !== null && (
          <div aria-hidden className="h-1.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
            <div className={share >= 1 ? 'h-full bg-amber-500' : 'h-full bg-indigo-500'} style={{ width: `${share * 100}%` }} />
          </div>
        )}
        <p className="text-xs text-muted">Renews {formatUtcDate(quota.resetsAt)}</p>
      </div>
    </Card>
  );
}

function Step({ n, id, title, children }: { n: number; id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3 p-4 sm:p-5">
      <h2 id={id} className="flex items-center gap-2.5 text-base font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
        <span
          aria-hidden
          className="inline-flex size-6 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white dark:bg-indigo-500"
        >
          {n}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Workspace({ quota, models, jobId, onOpenJob }: { quota: QuotaInfo; models: AiModelOption[]; jobId: string; onOpenJob: (id: string) => void }) {
  const { model } = useAiModelChoice(models);
  const utils = trpc.useUtils();
  const [kind, setKind] = useState<AiKind>('newsletter');
  const [topic, setTopic] = useState('');
  const sources = useSources();
  const generate = trpc.ai.generate.useMutation({
    onSuccess: (job) => {
      void utils.ai.status.invalidate();
      void utils.ai.jobs.invalidate();
      onOpenJob(job.id);
    },
  });
  const exhausted = quota.limit !== null && quota.used >= quota.limit;
  const count = sources.chosen.length;
  return (
    <div className="grid gap-6">
      <Card className="divide-y divide-zinc-100 dark:divide-zinc-800">
        <Step n={1} id="step-kind" title="What to create">
          <KindPicker value={kind} onChange={setKind} labelledBy="step-kind" />
        </Step>
        <Step n={2} id="step-topic" title="Topic">
          <TopicStep
            topic={topic}
            onChange={setTopic}
            onPick={(t) => {
              setTopic(t);
              void sources.find(t);
            }}
            onEnter={() => void sources.find(topic)}
          />
        </Step>
        <Step n={3} id="step-sources" title="Sources">
          <SourcesStep sources={sources} onFind={() => void sources.find(topic)} />
        </Step>
        <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5">
          <Button
            size="lg"
            disabled={count === 0 || exhausted}
            loading={generate.isPending}
            onClick={() => generate.mutate({ kind, topic: topic.trim(), articles: sources.chosen, model })}
          >
            {!generate.isPending && <Sparkles aria-hidden />}
            Generate
          </Button>
          <p className="text-sm text-muted" aria-live="polite">
            {exhausted
              ? `You have used all your generations this month. They renew on ${formatUtcDate(quota.resetsAt)}.`
              : count === 0
                ? AI_MSG.noSources
                : `Writes a ${AI_KIND_INFO[kind].label.toLowerCase()} from ${plural(count, 'article')}, citing each one.`}
          </p>
        </div>
        {generate.error && (
          <p role="alert" className="px-4 py-3 text-sm text-red-600 sm:px-5 dark:text-red-400">
            {errorMessage(generate.error)}
          </p>
        )}
      </Card>
      {jobId && <GenerationResult key={jobId} jobId={jobId} />}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <YourDrafts />
        <RecentGenerations currentId={jobId} onOpen={onOpenJob} />
      </div>
    </div>
  );
}

export function AiMagicPage({ jobId, onOpenJob }: { jobId: string; onOpenJob: (id: string) => void }) {
  const status = trpc.ai.status.useQuery(undefined, LOADED);
  const enabled = status.data?.enabled;
  return (
    <>
      <PageHeader
        title="AI Magic"
        description={
          enabled ? 'Write a newsletter, a blog post, social posts, an email or a product description from the articles of your channels.' : undefined
        }
      />
      {status.isPending ? (
        <PageSpinner />
      ) : status.isError ? (
        <Card>
          <ListError message={errorMessage(status.error)} onRetry={() => void status.refetch()} />
        </Card>
      ) : !status.data.enabled ? (
        <UpgradeNotice message={AI_MSG.notAvailable} />
      ) : (
        <>
          <StatusStrip engine={status.data.engine} models={status.data.models} quota={status.data.quota} />
          <Workspace quota={status.data.quota} models={status.data.models} jobId={jobId} onOpenJob={onOpenJob} />
        </>
      )}
    </>
  );
}
