// The generation in ?job=: written as it streams, then shown with its citations as links and its
// sources; the creator can edit it (the [n] marks stay editable text), copy it and save it.
import { useEffect, useRef, useState } from 'react';
import { Check, CircleAlert, Copy, Cpu, PenLine, Sparkles } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { LiveRegion } from '../../components/ui/live-region';
import { formatDateTime } from '../../lib/format';
import { AI_KIND_INFO } from '../../../shared/schemas/ai';
import { CitedText, SourceList } from './cited-text';
import { SavePanel } from './save-panel';
import { clipboardText, copyToClipboard } from './text';
import { useGeneration } from './use-generation';
import { smoothScroll } from '../../lib/motion';

export function GenerationResult({ jobId }: { jobId: string }) {
  const { job, text: streamed, status, error } = useGeneration(jobId);
  const [edited, setEdited] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const running = status === 'running' || status === 'connecting';
  const text = edited ?? streamed;

  // A new generation opens below the form: bring it into view.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'start', behavior: smoothScroll() });
  }, []);

  if (!job && status === 'failed')
    return (
      <div ref={ref} className="scroll-mt-20">
        <Card className="p-5">
          <p role="alert" className="flex items-start gap-2 text-sm text-red-700 dark:text-red-300">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {error}
          </p>
        </Card>
      </div>
    );

  const sources = job?.sources ?? [];
  return (
    <div ref={ref} className="scroll-mt-20">
      <Card aria-labelledby="result-heading" role="region">
        <CardHeader className="gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle id="result-heading">{job ? `${AI_KIND_INFO[job.kind].label}${job.topic ? `: ${job.topic}` : ''}` : 'Your generation'}</CardTitle>
            {job && (
              <Badge tone={job.engine.kind === 'builtin' ? 'neutral' : 'brand'}>
                {job.engine.kind === 'builtin' ? <Cpu className="size-3" aria-hidden /> : <Sparkles className="size-3" aria-hidden />}
                {job.engine.kind === 'builtin' ? job.engine.name : `Model: ${job.engine.name}`}
              </Badge>
            )}
          </div>
          {job && <p className="text-xs text-muted">Started {formatDateTime(job.createdAt)}</p>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {/* Always there: the start and the end of the writing are said (the failure is an alert below). */}
          <LiveRegion testId="generation-announcement">{running ? 'Writing…' : status === 'done' ? 'Finished writing.' : ''}</LiveRegion>
          {running && (
            <p className="flex items-center gap-2 text-sm font-medium text-indigo-700 dark:text-indigo-300">
              <Spinner size="sm" />
              Writing…
            </p>
          )}
          {status === 'failed' && error && (
            <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" aria-pressed={editing} disabled={running || !text} onClick={() => setEditing((e) => !e)}>
              {editing ? <Check aria-hidden /> : <PenLine aria-hidden />}
              {editing ? 'Done' : 'Edit'}
            </Button>
            <Button variant="outline" size="sm" disabled={!text} onClick={() => job && void copyToClipboard(clipboardText(text, sources, job.kind))}>
              <Copy aria-hidden />
              Copy
            </Button>
          </div>
          {editing ? (
            <div>
              <Label htmlFor="ai-edit">Edit the text</Label>
              <Textarea id="ai-edit" value={text} onChange={(e) => setEdited(e.target.value)} className="min-h-96 font-mono text-[13px] leading-relaxed" />
              <p className="mt-1.5 text-xs text-muted">Keep the [n] marks after a sentence to cite source n.</p>
            </div>
          ) : text ? (
            <div className="rounded-lg border border-zinc-100 bg-zinc-50/60 p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-950/40">
              <CitedText text={text} sources={sources} />
            </div>
          ) : (
            !running && <p className="text-sm text-muted">No text was written.</p>
          )}
          <SourceList sources={sources} />
          {job && <SavePanel jobId={job.id} kind={job.kind} topic={job.topic} text={text} running={running} />}
        </CardContent>
      </Card>
    </div>
  );
}
