// Step 5 'Preview & Send' (spec §2, §4): options, the automatic assembly, the sandboxed preview, and
// save, export, send and 'Create New Newsletter'.
import { useState } from 'react';
import { AlertTriangle, CheckCircle2, RotateCcw, Save } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { MSG } from '../../../shared/messages';
import type { UserDtoShape } from '../../../shared/schemas/user';
import { COLOR_CHOICES, FONT_CHOICES, LAYOUT_CHOICES, MODE_CHOICES, Segmented, WIDTH_CHOICES, type PreviewMode, type PreviewWidth } from './preview-options';
import { PreviewFrame, FRAME_HEIGHT } from './preview-frame';
import { ExportButtons } from './export-buttons';
import { SendPanel } from './send-panel';
import { StepNav } from './step-nav';
import { IntroAndSubject, aiWritingInput } from './intro-subject';
import { IssueEditor } from './issue-editor';
import { useAiStatus } from './ai-pick';
import { useAiModelChoice } from '../../components/ai-model-picker';
import { useAssembly } from './use-assembly';
import { useDraftSave } from './use-draft-save';
import type { Workflow } from './use-workflow';
import { PrecheckPanel } from './precheck-panel';

function Meta({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="text-sm font-semibold tabular-nums text-zinc-900 dark:text-zinc-100">{value}</dd>
    </div>
  );
}

export function PreviewStep({ wf, user }: { wf: Workflow; user: UserDtoShape }) {
  const d = wf.data;
  const { result, assembling, error } = useAssembly(wf);
  const draft = useDraftSave(wf.publicationId, d, result);
  const [mode, setMode] = useState<PreviewMode>('web');
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [confirmNew, setConfirmNew] = useState(false);
  const ready = !!result && !assembling;
  const ai = useAiStatus();
  const { model } = useAiModelChoice(ai.data?.models);
  const aiInput = ai.data?.enabled && d.selectedArticles.length > 0 ? { ...aiWritingInput(d), model } : null;

  const startNew = () => {
    setConfirmNew(false);
    void wf.reset();
  };

  return (
    <div>
      <p className="mb-5 text-sm text-zinc-600 dark:text-zinc-400">Check how your issue looks on the web and in the inbox, then save, export or send it.</p>
      <IntroAndSubject wf={wf} builtSubject={d.subject ? null : (result?.subject ?? null)} />
      <IssueEditor stories={d.selectedArticles} edits={d.edits} onChange={(edits) => void wf.change({ edits })} />
      <div className="grid grid-cols-1 gap-6 @4xl:grid-cols-[17rem_minmax(0,1fr)]">
        <div className="grid content-start gap-5">
          <Segmented legend="Font style" name="font-style" value={d.fontStyle} choices={FONT_CHOICES} onChange={(v) => void wf.change({ fontStyle: v })} />
          <Segmented legend="Layout" name="layout-style" value={d.layoutStyle} choices={LAYOUT_CHOICES} onChange={(v) => void wf.change({ layoutStyle: v })} />
          <Segmented
            legend="Colour theme"
            name="color-theme"
            value={d.colorTheme}
            choices={COLOR_CHOICES}
            onChange={(v) => void wf.change({ colorTheme: v })}
          />
          {result && (
            <dl className="grid grid-cols-3 gap-2" aria-label="Newsletter details">
              <Meta label="Articles" value={result.metadata.articleCount} />
              <Meta label="Words" value={result.metadata.wordCount.toLocaleString('en-US')} />
              <Meta label="Read time" value={result.metadata.estimatedReadTime} />
            </dl>
          )}
        </div>

        <div className="min-w-0">
          <div className="mb-3 grid gap-3 @xl:grid-cols-2">
            <Segmented legend="Preview mode" name="preview-mode" value={mode} choices={MODE_CHOICES} onChange={setMode} />
            <Segmented legend="Preview width" name="preview-width" value={width} choices={WIDTH_CHOICES} onChange={setWidth} />
          </div>
          {result && (
            <p className="mb-2 truncate text-sm text-zinc-600 dark:text-zinc-400">
              <span className="font-medium text-zinc-900 dark:text-zinc-100">Subject:</span> {result.subject}
            </p>
          )}
          {result?.metadata.overGmailLimit && (
            <p
              role="alert"
              className="mb-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              This email is {Math.round(result.metadata.htmlBytes / 1024)} KB, over Gmail's 102 KB limit: Gmail will clip it. Remove a few articles to fit.
            </p>
          )}
          <div className="relative" style={{ minHeight: FRAME_HEIGHT }}>
            {result && <PreviewFrame mode={mode} width={width} webHtml={result.webHtml} emailHtml={result.html} />}
            {(assembling || (!result && !error)) && (
              <div
                role="status"
                className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-lg bg-white/80 text-sm text-zinc-700 backdrop-blur-[1px] dark:bg-zinc-900/80 dark:text-zinc-300"
              >
                <Spinner size="lg" className="text-indigo-600 dark:text-indigo-400" />
                {MSG.assembling}
              </div>
            )}
            {error && !assembling && (
              <div
                role="alert"
                className="absolute inset-x-0 top-0 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200"
              >
                {error}
              </div>
            )}
          </div>
        </div>
      </div>

      <div className="mt-8 grid grid-cols-1 gap-6 border-t border-zinc-200 pt-6 @3xl:grid-cols-3 dark:border-zinc-800">
        <div className="grid min-w-0 content-start gap-2">
          <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Save</h3>
          <Button onClick={() => void draft.save()} disabled={!ready || draft.state === 'saving'}>
            {draft.state === 'saving' ? <Spinner size="sm" /> : <Save aria-hidden />}
            {draft.state === 'saving' ? MSG.saving : 'Save Newsletter'}
          </Button>
          <div className="min-h-5 text-sm" aria-live="polite">
            {draft.state === 'saved' && (
              <p className="flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
                <CheckCircle2 className="size-4" aria-hidden /> {MSG.draftSaved}
              </p>
            )}
            {draft.state === 'error' && <p className="text-red-600 dark:text-red-400">{MSG.draftSaveFailed}</p>}
          </div>
          <ExportButtons user={user} disabled={!ready} ensureSaved={draft.save} />
        </div>
        <div className="grid min-w-0 content-start gap-2">
          <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Send</h3>
          <SendPanel
            publicationId={wf.publicationId}
            request={wf.assemblyRequest}
            user={user}
            disabled={!ready}
            subject={d.subject || result?.subject || ''}
            aiInput={aiInput}
          />
        </div>
        <div className="grid min-w-0 content-start gap-2">
          <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Next issue</h3>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Start again at step 1. Saved newsletters stay in Newsletters.</p>
          <Button variant="outline" onClick={() => setConfirmNew(true)}>
            <RotateCcw aria-hidden /> Create New Newsletter
          </Button>
        </div>
      </div>

      <PrecheckPanel publicationId={wf.publicationId} request={wf.assemblyRequest} data={d} ready={ready} onChange={(patch) => void wf.change(patch)} />

      <StepNav wf={wf} />

      <Dialog open={confirmNew} onOpenChange={setConfirmNew}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Start a new newsletter?</DialogTitle>
            <DialogDescription>
              Starting over clears the name, theme, channels and articles of this publication. Newsletters you saved stay in Newsletters.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmNew(false)}>
              Keep editing
            </Button>
            <Button variant="destructive" onClick={startNew}>
              Start over
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
