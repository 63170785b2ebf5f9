// The pre-send check on screen: step 5's "Check before sending" panel beside the preview (one-click
// fixes applied to the workflow; hovering or focusing a finding outlines its element in the preview,
// "Show in preview" scrolls to it), the findings inside the send dialog, and the check a send kept.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { AlertTriangle, CheckCircle2, Info, LocateFixed, RefreshCw, ShieldAlert, Wand2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ReasonButton } from '../../components/ui/reason-button';
import { Badge } from '../../components/ui/badge';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { trpc, type RouterOutputs } from '../../trpc';
import { errorMessage } from '../../lib/errors';
import { PRECHECK_MSG, withImageAlt, type OneClickFix, type PrecheckTarget } from '../../../shared/precheck';
import type { AssembleRequest, WorkflowData } from './types';
import { assemblyInput } from './use-assembly';
import { clearHighlight, highlight } from './preview-highlight';

type Result = RouterOutputs['sends']['precheck'];
type Finding = Result['findings'][number];

/** Runs the check for what the issue is made of now; `key` changes whenever the issue does. */
export function usePrecheck(publicationId: string, request: () => AssembleRequest, key: unknown, enabled = true) {
  const utils = trpc.useUtils();
  return useQuery({
    queryKey: [...getQueryKey(trpc.sends.precheck), publicationId, key],
    queryFn: ({ signal }) => utils.client.sends.precheck.query({ ...request(), publicationId }, { signal }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

const ICON = { error: ShieldAlert, warning: AlertTriangle, info: Info } as const;
const TONE = { error: 'danger', warning: 'warning', info: 'neutral' } as const;
const LABEL = { error: 'Error', warning: 'Warning', info: 'Note' } as const;

function summaryLine(r: Pick<Result, 'counts' | 'links'>): string {
  const parts = [
    r.counts.error && `${r.counts.error} ${r.counts.error === 1 ? 'error' : 'errors'}`,
    r.counts.warning && `${r.counts.warning} ${r.counts.warning === 1 ? 'warning' : 'warnings'}`,
    r.counts.info && `${r.counts.info} ${r.counts.info === 1 ? 'note' : 'notes'}`,
  ].filter(Boolean);
  const links = `${r.links.checked} of ${r.links.total} ${r.links.total === 1 ? 'link' : 'links'} checked`;
  return parts.length ? `${parts.join(', ')} · ${links}` : `No problems · ${links}`;
}

/** An image of a text block without words: the creator writes them here, and they are saved in that block. */
function AltTextFix({ fix, onSave }: { fix: Extract<OneClickFix, { kind: 'setImageAlt' }>; onSave: (alt: string) => void }) {
  const id = useId();
  const [alt, setAlt] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (alt.trim()) onSave(alt.trim());
  };
  return (
    <form onSubmit={submit} className="flex min-w-0 flex-wrap items-end gap-2">
      <div className="grid min-w-0 flex-1 basis-48 gap-1">
        <Label htmlFor={id}>Alt text</Label>
        <Input id={id} value={alt} onChange={(e) => setAlt(e.target.value)} maxLength={300} placeholder="What the image shows" required />
      </div>
      <ReasonButton type="submit" size="sm" variant="outline" disabled={!alt.trim()} reason="Type what the image shows first">
        {fix.label}
      </ReasonButton>
    </form>
  );
}

export function PrecheckFindings({
  result,
  onFix,
  onPoint,
  compact,
}: {
  result: Result;
  /** `text`: what the creator typed for a fix that needs words (an image's alt text). */
  onFix?: (fix: OneClickFix, text?: string) => void;
  /** Outlines a finding's element in the preview (null: none); `scroll` also brings it into view. */
  onPoint?: (finding: { id: string; target: PrecheckTarget } | null, scroll?: boolean) => void;
  compact?: boolean;
}) {
  if (!result.findings.length) {
    return (
      <p className="flex items-start gap-1.5 text-sm text-emerald-700 dark:text-emerald-400">
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden /> {PRECHECK_MSG.allClear}
      </p>
    );
  }
  return (
    <ul className={`grid gap-2 ${compact ? 'max-h-28 overflow-y-auto pr-1' : ''}`} aria-label="Findings">
      {result.findings.map((f: Finding) => {
        const Icon = ICON[f.severity];
        const point = onPoint && f.target ? { id: f.id, target: f.target } : null;
        return (
          <li
            key={f.id}
            onMouseEnter={point ? () => onPoint!(point) : undefined}
            onMouseLeave={point ? () => onPoint!(null) : undefined}
            className={`min-w-0 rounded-md border border-zinc-200 text-sm dark:border-zinc-800 ${compact ? 'px-2.5 py-1.5' : 'p-2.5'}`}
            data-testid="precheck-finding"
          >
            <div className="flex min-w-0 items-start gap-2">
              <Icon
                className={`mt-0.5 size-4 shrink-0 ${f.severity === 'error' ? 'text-red-600 dark:text-red-400' : f.severity === 'warning' ? 'text-amber-600 dark:text-amber-400' : 'text-muted'}`}
                aria-hidden
              />
              <div className="grid min-w-0 flex-1 gap-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-zinc-900 dark:text-zinc-100">
                  {f.title} <Badge tone={TONE[f.severity]}>{LABEL[f.severity]}</Badge>
                </p>
                {/* The send dialog has room for titles only: the details and fixes are in step 5's panel. */}
                {/* An address has no spaces to break at: it wraps anywhere rather than widening the page. */}
                {!compact && <p className="[overflow-wrap:anywhere] text-muted">{f.detail}</p>}
                {!compact && <p className="[overflow-wrap:anywhere] text-zinc-700 dark:text-zinc-300">How to fix: {f.fix}</p>}
                {point && (
                  <div>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="-ml-2 h-7 px-2 text-xs"
                      onFocus={() => onPoint!(point)}
                      onBlur={() => onPoint!(null)}
                      onClick={() => onPoint!(point, true)}
                    >
                      <LocateFixed aria-hidden /> Show in preview
                    </Button>
                  </div>
                )}
                {f.oneClickFix?.kind === 'setImageAlt' && onFix && <AltTextFix fix={f.oneClickFix} onSave={(alt) => onFix(f.oneClickFix!, alt)} />}
                {f.oneClickFix && f.oneClickFix.kind !== 'setImageAlt' && onFix && (
                  <div>
                    <Button
                      size="sm"
                      variant="outline"
                      className="h-auto min-h-8 max-w-full py-1.5 text-left whitespace-normal"
                      onClick={() => onFix(f.oneClickFix!)}
                    >
                      <Wand2 aria-hidden /> <span className="[overflow-wrap:anywhere]">{f.oneClickFix.label}</span>
                    </Button>
                  </div>
                )}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Step 5's panel: checked whenever the issue changes, fixed in one click where the product can. */
export function PrecheckPanel({
  publicationId,
  request,
  data,
  ready,
  onChange,
  onShow,
  className,
}: {
  publicationId: string;
  request: () => AssembleRequest;
  data: WorkflowData;
  ready: boolean;
  onChange: (patch: Partial<WorkflowData>) => void;
  /** Before "Show in preview" scrolls: the preview is made visible (the phone's Preview tab). */
  onShow?: () => void;
  className?: string;
}) {
  // Keyed on what the assembly is keyed on: an edit to a blurb or a text block, which may carry a link,
  // is checked again too.
  const key = assemblyInput(publicationId, data);
  const check = usePrecheck(publicationId, request, key, ready);
  const onFix = (fix: OneClickFix, text?: string) => {
    if (fix.kind === 'setSubject') onChange({ subject: fix.subject });
    else if (fix.kind === 'setColorTheme') onChange({ colorTheme: fix.colorTheme });
    else if (fix.kind === 'setImageAlt')
      // Saved where the image lives: the text block's Markdown, with the rest of the edits.
      onChange({
        edits: {
          ...data.edits,
          blocks: data.edits.blocks.map((b) => (b.id === fix.blockId ? { ...b, markdown: withImageAlt(b.markdown, fix.image, text ?? '') } : b)),
        },
      });
    else onChange({ selectedArticles: data.selectedArticles.filter((a) => a.id !== fix.articleId) });
  };
  const [missing, setMissing] = useState<string | null>(null);
  // The finding last asked for with "Show in preview" stays outlined; a hover shows another for a while.
  const pinned = useRef<PrecheckTarget | null>(null);
  const onPoint = (finding: { id: string; target: PrecheckTarget } | null, scroll?: boolean) => {
    if (!finding) return void (pinned.current ? highlight(pinned.current) : clearHighlight());
    if (!scroll) return void highlight(finding.target);
    onShow?.();
    pinned.current = finding.target;
    const found = highlight(finding.target, { scroll: true });
    // Said only when asked to show it: a hover over a finding the preview does not carry stays quiet.
    setMissing(found ? null : finding.id);
  };
  return (
    <section className={`grid min-w-0 gap-3 ${className ?? ''}`} aria-labelledby="precheck-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h3 id="precheck-title" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            Check before sending
          </h3>
          <p className="text-xs text-muted" aria-live="polite">
            {check.isFetching ? 'Checking links, images, contrast and size…' : check.data ? summaryLine(check.data) : ''}
          </p>
        </div>
        <ReasonButton
          size="sm"
          variant="outline"
          onClick={() => void check.refetch()}
          disabled={!ready || check.isFetching}
          reason={!ready ? 'Wait until the preview is assembled' : 'Checking the issue…'}
        >
          {check.isFetching ? <Spinner size="sm" /> : <RefreshCw aria-hidden />} Check again
        </ReasonButton>
      </div>
      {check.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorMessage(check.error, 'The check could not run. Try again.')}
        </p>
      )}
      {check.data?.blocked && <p className="text-sm font-medium text-red-700 dark:text-red-400">{PRECHECK_MSG.blocked}</p>}
      <p className="text-xs text-muted" aria-live="polite">
        {missing && check.data?.findings.some((f) => f.id === missing) ? 'This preview does not show it: try the other preview mode.' : ''}
      </p>
      {check.data && <PrecheckFindings result={check.data} onFix={onFix} onPoint={onPoint} />}
    </section>
  );
}

/** The check a send kept: what stood when it was created. */
export function SentPrecheck({ precheck }: { precheck: Result | null }) {
  if (!precheck) return null;
  return (
    <details className="text-xs text-muted">
      <summary className="cursor-pointer">Checked before sending: {summaryLine(precheck)}</summary>
      <div className="mt-2">
        <PrecheckFindings result={precheck} compact />
      </div>
    </details>
  );
}
