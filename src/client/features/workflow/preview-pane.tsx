// Step 5's preview: mode and width, the subject, Gmail's clipping warning, the issue in its frame (with
// the assembling and failure states over it), and the pre-send findings under it.
import { AlertTriangle } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner';
import { MSG } from '../../../shared/messages';
import { MODE_CHOICES, Segmented, WIDTH_CHOICES, type PreviewMode, type PreviewWidth } from './preview-options';
import { PreviewFrame, FRAME_HEIGHT } from './preview-frame';
import { PrecheckPanel } from './precheck-panel';
import type { AssemblyState } from './use-assembly';
import type { Workflow } from './use-workflow';

/** Over the frame: the spinner while the issue assembles, or why it could not. */
function FrameState({ assembly: { result, assembling, error } }: { assembly: AssemblyState }) {
  if (assembling || (!result && !error))
    return (
      <div
        role="status"
        className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-lg bg-white/80 text-sm text-zinc-700 backdrop-blur-[1px] dark:bg-zinc-900/80 dark:text-zinc-300"
      >
        <Spinner size="lg" className="text-indigo-600 dark:text-indigo-400" />
        {MSG.assembling}
      </div>
    );
  if (!error) return null;
  return (
    <div
      role="alert"
      className="absolute inset-x-0 top-0 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200"
    >
      {error}
    </div>
  );
}

export function PreviewPane({
  wf,
  assembly,
  mode,
  width,
  onMode,
  onWidth,
}: {
  wf: Workflow;
  assembly: AssemblyState;
  mode: PreviewMode;
  width: PreviewWidth;
  onMode: (m: PreviewMode) => void;
  onWidth: (w: PreviewWidth) => void;
}) {
  const { result, assembling } = assembly;
  return (
    <div className="@container grid min-w-0 content-start gap-3">
      <h3 className="sr-only">Preview of the issue</h3>
      <div className="flex flex-wrap gap-x-4 gap-y-3">
        <Segmented legend="Preview mode" name="preview-mode" value={mode} choices={MODE_CHOICES} onChange={onMode} />
        <Segmented legend="Preview width" name="preview-width" value={width} choices={WIDTH_CHOICES} onChange={onWidth} />
      </div>
      {result && (
        <p className="truncate text-sm text-muted">
          <span className="font-medium text-zinc-900 dark:text-zinc-100">Subject:</span> {result.subject}
        </p>
      )}
      {result?.metadata.overGmailLimit && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          This email is {Math.round(result.metadata.htmlBytes / 1024)} KB, over Gmail's 102 KB limit: Gmail will clip it. Remove a few articles to fit.
        </p>
      )}
      <div className="relative" style={{ minHeight: FRAME_HEIGHT }}>
        {result && <PreviewFrame mode={mode} width={width} webHtml={result.webHtml} emailHtml={result.html} />}
        <FrameState assembly={assembly} />
      </div>
      <PrecheckPanel
        className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
        publicationId={wf.publicationId}
        request={wf.assemblyRequest}
        data={wf.data}
        ready={!!result && !assembling}
        onChange={(patch) => void wf.change(patch)}
      />
    </div>
  );
}
