// Step 5 'Preview & Send' (spec §2, §4) as one canvas. From 1200 px: the editor column on the left
// (subject and intro, layout options, the issue's body, the sending details), the preview on the right
// (sticky, scrolling on its own) with the pre-send findings under it, each pointing at its element in
// the frame. Below 1200 px the same parts are the tabs Edit / Preview / Send. Either way the send bar
// (save, export, test send, send to subscribers) stays at the bottom of the screen, and each of its
// buttons that is off says why. 'Create New Newsletter' and Back sit under the canvas.
import { useRef, useState, type ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, MailCheck, RotateCcw, Save } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ReasonButton } from '../../components/ui/reason-button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useMediaQuery } from '../../lib/use-media-query';
import { cn } from '../../lib/cn';
import { MSG } from '../../../shared/messages';
import type { UserDtoShape } from '../../../shared/schemas/user';
import { COLOR_CHOICES, FONT_CHOICES, LAYOUT_CHOICES, MODE_CHOICES, Segmented, WIDTH_CHOICES, type PreviewMode, type PreviewWidth } from './preview-options';
import { PreviewFrame, FRAME_HEIGHT } from './preview-frame';
import { ExportMenu } from './export-buttons';
import { SendTestButton, SendToAddresses, WAIT_FOR_PREVIEW } from './send-panel';
import { SubscriberSend, SubscriberStatus, subscriberSendReason } from './subscriber-send';
import { StepNav } from './step-nav';
import { IntroAndSubject, aiWritingInput } from './intro-subject';
import { IssueEditor } from './issue-editor';
import { useAiStatus } from './ai-pick';
import { useAiModelChoice } from '../../components/ai-model-picker';
import { useAssembly } from './use-assembly';
import { useDraftSave } from './use-draft-save';
import type { Workflow } from './use-workflow';
import { PrecheckPanel } from './precheck-panel';
import { trpc } from '../../trpc';
import { useStickyBar } from './use-sticky-bar';

/** From this viewport width edit and preview sit side by side (issue 43); below it they are tabs. */
export const CANVAS_QUERY = '(min-width: 1200px)';
const SEND_REASON_ID = 'send-bar-reason';

type Tab = 'edit' | 'preview' | 'send';

function Meta({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-sm font-semibold tabular-nums text-zinc-900 dark:text-zinc-100">{value}</dd>
    </div>
  );
}

function Part({ title, id, children, className }: { title: string; id: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={cn('rounded-lg border border-zinc-200 p-4 dark:border-zinc-800', className)}>
      <h3 id={id} className="mb-3 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function PreviewStep({ wf, user }: { wf: Workflow; user: UserDtoShape }) {
  const d = wf.data;
  const { result, assembling, error } = useAssembly(wf);
  const draft = useDraftSave(wf.publicationId, d, result);
  const [mode, setMode] = useState<PreviewMode>('web');
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [confirmNew, setConfirmNew] = useState(false);
  const wide = useMediaQuery(CANVAS_QUERY);
  const [tab, setTab] = useState<Tab>('edit');
  const verifyBox = useRef<HTMLDivElement>(null);
  const sendBar = useStickyBar();
  const ready = !!result && !assembling;
  const ai = useAiStatus();
  const { model } = useAiModelChoice(ai.data?.models);
  const aiInput = ai.data?.enabled && d.selectedArticles.length > 0 ? { ...aiWritingInput(d), model } : null;
  const audience = trpc.sends.audience.useQuery({ publicationId: wf.publicationId });
  const verified = user.emailVerified;
  const sendReason = subscriberSendReason({ ready, verified, counting: audience.isLoading });

  const startNew = () => {
    setConfirmNew(false);
    void wf.reset();
  };
  const showVerify = () => {
    if (!wide) setTab('send');
    // After the Send tab is shown: the address check, with its first control focused.
    requestAnimationFrame(() => {
      verifyBox.current?.scrollIntoView({ block: 'center' });
      verifyBox.current?.querySelector<HTMLElement>('button, input')?.focus({ preventScroll: true });
    });
  };

  const editPart = (
    <div className="@container grid min-w-0 content-start gap-5">
      <IntroAndSubject wf={wf} builtSubject={d.subject ? null : (result?.subject ?? null)} />
      <Part title="Layout options" id="layout-options">
        <div className="grid gap-4 @lg:grid-cols-2">
          <Segmented legend="Font style" name="font-style" value={d.fontStyle} choices={FONT_CHOICES} onChange={(v) => void wf.change({ fontStyle: v })} />
          <Segmented
            legend="Colour theme"
            name="color-theme"
            value={d.colorTheme}
            choices={COLOR_CHOICES}
            onChange={(v) => void wf.change({ colorTheme: v })}
          />
          <Segmented legend="Layout" name="layout-style" value={d.layoutStyle} choices={LAYOUT_CHOICES} onChange={(v) => void wf.change({ layoutStyle: v })} />
          {result && (
            <dl className="grid grid-cols-3 gap-2 self-end" aria-label="Newsletter details">
              <Meta label="Articles" value={result.metadata.articleCount} />
              <Meta label="Words" value={result.metadata.wordCount.toLocaleString('en-US')} />
              <Meta label="Read time" value={result.metadata.estimatedReadTime} />
            </dl>
          )}
        </div>
      </Part>
      <IssueEditor stories={d.selectedArticles} edits={d.edits} onChange={(edits) => void wf.change({ edits })} />
    </div>
  );

  const previewPart = (
    <div className="@container grid min-w-0 content-start gap-3">
      <h3 className="sr-only">Preview of the issue</h3>
      <div className="flex flex-wrap gap-x-4 gap-y-3">
        <Segmented legend="Preview mode" name="preview-mode" value={mode} choices={MODE_CHOICES} onChange={setMode} />
        <Segmented legend="Preview width" name="preview-width" value={width} choices={WIDTH_CHOICES} onChange={setWidth} />
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
      <PrecheckPanel
        className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
        publicationId={wf.publicationId}
        request={wf.assemblyRequest}
        data={d}
        ready={ready}
        onChange={(patch) => void wf.change(patch)}
      />
    </div>
  );

  const sendPart = (
    <Part title="Sending" id="send-details">
      <div className="grid gap-4" ref={verifyBox}>
        <SubscriberStatus publicationId={wf.publicationId} />
        <SendToAddresses request={wf.assemblyRequest} user={user} disabled={!ready} />
      </div>
    </Part>
  );

  const saveReason = draft.state === 'saving' ? MSG.saving : WAIT_FOR_PREVIEW;
  const saveStatus =
    draft.state === 'saved' ? (
      <p className="mb-2 flex items-center gap-1.5 text-emerald-700 min-[1200px]:mb-0 dark:text-emerald-400">
        <CheckCircle2 className="size-4" aria-hidden /> {MSG.draftSaved}
      </p>
    ) : draft.state === 'error' ? (
      <p className="mb-2 text-red-600 min-[1200px]:mb-0 dark:text-red-400">{MSG.draftSaveFailed}</p>
    ) : null;
  const bar = (
    <div
      role="region"
      aria-label="Save and send"
      ref={sendBar}
      className="sticky bottom-0 z-20 -mx-4 mt-6 -mb-4 rounded-b-xl border-t border-zinc-200 bg-white/95 px-4 py-3 backdrop-blur-md sm:-mx-6 sm:-mb-6 sm:px-6 dark:border-zinc-800 dark:bg-zinc-900/95"
      data-testid="send-bar"
    >
      {/* Always there, empty unless a save just ended: on a phone it costs no row until then. */}
      <div className="text-sm min-[1200px]:hidden" aria-live="polite">
        {!wide && saveStatus}
      </div>
      <div className="flex flex-col gap-2 min-[1200px]:flex-row min-[1200px]:items-center min-[1200px]:justify-between">
        <div className="grid grid-cols-2 gap-2 min-[1200px]:flex min-[1200px]:items-center">
          <ReasonButton variant="outline" onClick={() => void draft.save()} disabled={!ready || draft.state === 'saving'} reason={saveReason}>
            {draft.state === 'saving' ? <Spinner size="sm" /> : <Save aria-hidden />}
            {draft.state === 'saving' ? MSG.saving : 'Save Newsletter'}
          </ReasonButton>
          <ExportMenu user={user} disabled={!ready} ensureSaved={draft.save} />
          <div className="hidden text-sm min-[1200px]:block" aria-live="polite">
            {wide && saveStatus}
          </div>
        </div>
        <div className="flex flex-col gap-2 min-[1200px]:flex-row min-[1200px]:items-center">
          {sendReason && (
            <p className="flex flex-wrap items-center gap-x-2 text-sm text-zinc-700 min-[1200px]:justify-end dark:text-zinc-300">
              <span id={SEND_REASON_ID}>{sendReason}</span>
              {sendReason !== WAIT_FOR_PREVIEW && !verified && (
                <button
                  type="button"
                  onClick={showVerify}
                  className="inline-flex min-h-6 items-center gap-1 font-medium text-indigo-700 underline underline-offset-2 hover:decoration-2 dark:text-indigo-300"
                >
                  <MailCheck className="size-4" aria-hidden /> Verify now
                </button>
              )}
            </p>
          )}
          <div className="grid grid-cols-2 gap-2 min-[1200px]:flex">
            <SendTestButton request={wf.assemblyRequest} disabled={!ready} />
            <SubscriberSend
              publicationId={wf.publicationId}
              request={wf.assemblyRequest}
              verified={verified}
              disabled={!ready}
              user={user}
              subject={d.subject || result?.subject || ''}
              aiInput={aiInput}
              reasonId={sendReason ? SEND_REASON_ID : undefined}
            />
          </div>
        </div>
      </div>
    </div>
  );

  return (
    <div>
      <p className="mb-5 text-sm text-muted">Check how your issue looks on the web and in the inbox, then save, export or send it.</p>
      {wide ? (
        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] items-start gap-6">
          <div className="grid min-w-0 gap-5">
            {editPart}
            {sendPart}
          </div>
          {/* Sticky under the top bar, above the send bar; it scrolls on its own when taller than the screen. */}
          <div className="sticky top-20 max-h-[calc(100dvh-11rem)] min-w-0 overflow-y-auto overscroll-contain pr-1" data-testid="preview-pane">
            {previewPart}
          </div>
        </div>
      ) : (
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
          <TabsList aria-label="Issue" data-sticky-tabs className="sticky top-16 z-10 grid w-full grid-cols-3">
            <TabsTrigger value="edit">Edit</TabsTrigger>
            <TabsTrigger value="preview">Preview</TabsTrigger>
            <TabsTrigger value="send">Send</TabsTrigger>
          </TabsList>
          {/* Mounted while hidden: typed addresses, the frame and the findings survive a tab switch. */}
          <TabsContent value="edit" forceMount className="mt-4 data-[state=inactive]:hidden">
            {editPart}
          </TabsContent>
          <TabsContent value="preview" forceMount className="mt-4 data-[state=inactive]:hidden">
            {previewPart}
          </TabsContent>
          <TabsContent value="send" forceMount className="mt-4 data-[state=inactive]:hidden">
            {sendPart}
          </TabsContent>
        </Tabs>
      )}

      <StepNav wf={wf}>
        <Button variant="outline" onClick={() => setConfirmNew(true)} className="w-full sm:w-auto">
          <RotateCcw aria-hidden /> Create New Newsletter
        </Button>
      </StepNav>
      {bar}

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
