// Step 5 'Preview & Send' (spec §2, §4) as one canvas. From 1200 px: the editor column on the left
// (subject and intro, layout options, the issue's body, the sending details), the preview on the right
// (sticky, scrolling on its own) with the pre-send findings under it, each pointing at its element in
// the frame. Below 1200 px the same parts are the tabs Edit / Preview / Send. Either way the send bar
// (save, export, test send, send to subscribers) stays at the bottom of the screen, and each of its
// buttons that is off says why. 'Create New Newsletter' and Back sit under the canvas.
import { useRef, useState, type ReactNode } from 'react';
import { RotateCcw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useMediaQuery } from '../../lib/use-media-query';
import type { UserDtoShape } from '../../../shared/schemas/user';
import { COLOR_CHOICES, FONT_CHOICES, LAYOUT_CHOICES, Segmented, type PreviewMode, type PreviewWidth } from './preview-options';
import { SendToAddresses } from './send-panel';
import { SubscriberStatus, subscriberSendReason } from './subscriber-send';
import { StepNav } from './step-nav';
import { IntroAndSubject, aiWritingInput } from './intro-subject';
import { IssueEditor } from './issue-editor';
import { useAiStatus } from './ai-pick';
import { useAiModelChoice } from '../../components/ai-model-picker';
import { useAssembly } from './use-assembly';
import { useDraftSave } from './use-draft-save';
import type { Assembled } from './types';
import type { Workflow } from './use-workflow';
import { trpc } from '../../trpc';
import { Part } from './part';
import { PreviewPane } from './preview-pane';
import { SendBar } from './send-bar';

/** From this viewport width edit and preview sit side by side (issue 43); below it they are tabs. */
export const CANVAS_QUERY = '(min-width: 1200px)';

type Tab = 'edit' | 'preview' | 'send';

function Meta({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-sm font-semibold tabular-nums text-zinc-900 dark:text-zinc-100">{value}</dd>
    </div>
  );
}

/** The editor column: subject and intro, the layout options with the issue's figures, the issue's body. */
function EditPart({ wf, result }: { wf: Workflow; result: Assembled | null }) {
  const d = wf.data;
  return (
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
}

/** The parts side by side from 1200 px; below, the tabs Edit / Preview / Send. */
function Canvas({
  wide,
  tab,
  onTab,
  edit,
  preview,
  send,
}: {
  wide: boolean;
  tab: Tab;
  onTab: (t: Tab) => void;
  edit: ReactNode;
  preview: ReactNode;
  send: ReactNode;
}) {
  if (wide)
    return (
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] items-start gap-6">
        <div className="grid min-w-0 gap-5">
          {edit}
          {send}
        </div>
        {/* Sticky under the top bar, above the send bar; it scrolls on its own when taller than the screen. */}
        <div className="sticky top-20 max-h-[calc(100dvh-11rem)] min-w-0 overflow-y-auto overscroll-contain pr-1" data-testid="preview-pane">
          {preview}
        </div>
      </div>
    );
  return (
    <Tabs value={tab} onValueChange={(v) => onTab(v as Tab)}>
      <TabsList aria-label="Issue" data-sticky-tabs className="sticky top-16 z-10 grid w-full grid-cols-3">
        <TabsTrigger value="edit">Edit</TabsTrigger>
        <TabsTrigger value="preview">Preview</TabsTrigger>
        <TabsTrigger value="send">Send</TabsTrigger>
      </TabsList>
      {/* Mounted while hidden: typed addresses, the frame and the findings survive a tab switch. */}
      <TabsContent value="edit" forceMount className="mt-4 data-[state=inactive]:hidden">
        {edit}
      </TabsContent>
      <TabsContent value="preview" forceMount className="mt-4 data-[state=inactive]:hidden">
        {preview}
      </TabsContent>
      <TabsContent value="send" forceMount className="mt-4 data-[state=inactive]:hidden">
        {send}
      </TabsContent>
    </Tabs>
  );
}

function StartOverDialog({ open, onOpenChange, onStartOver }: { open: boolean; onOpenChange: (open: boolean) => void; onStartOver: () => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Start a new newsletter?</DialogTitle>
          <DialogDescription>
            Starting over clears the name, theme, channels and articles of this publication. Newsletters you saved stay in Newsletters.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep editing
          </Button>
          <Button variant="destructive" onClick={onStartOver}>
            Start over
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function PreviewStep({ wf, user }: { wf: Workflow; user: UserDtoShape }) {
  const d = wf.data;
  const assembly = useAssembly(wf);
  const { result, assembling } = assembly;
  const draft = useDraftSave(wf.publicationId, d, result);
  const [mode, setMode] = useState<PreviewMode>('web');
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [confirmNew, setConfirmNew] = useState(false);
  const wide = useMediaQuery(CANVAS_QUERY);
  const [tab, setTab] = useState<Tab>('edit');
  const verifyBox = useRef<HTMLDivElement>(null);
  const ready = !!result && !assembling;
  const ai = useAiStatus();
  const { model } = useAiModelChoice(ai.data?.models);
  const aiInput = ai.data?.enabled && d.selectedArticles.length > 0 ? { ...aiWritingInput(d), model } : null;
  const audience = trpc.sends.audience.useQuery({ publicationId: wf.publicationId });
  const sendReason = subscriberSendReason({ ready, verified: user.emailVerified, counting: audience.isLoading });

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

  const sendPart = (
    <Part title="Sending" id="send-details">
      <div className="grid gap-4" ref={verifyBox}>
        <SubscriberStatus publicationId={wf.publicationId} />
        <SendToAddresses request={wf.assemblyRequest} user={user} disabled={!ready} />
      </div>
    </Part>
  );

  return (
    <div>
      <p className="mb-5 text-sm text-muted">Check how your issue looks on the web and in the inbox, then save, export or send it.</p>
      <Canvas
        wide={wide}
        tab={tab}
        onTab={setTab}
        edit={<EditPart wf={wf} result={result} />}
        preview={<PreviewPane wf={wf} assembly={assembly} mode={mode} width={width} onMode={setMode} onWidth={setWidth} />}
        send={sendPart}
      />
      <StepNav wf={wf}>
        <Button variant="outline" onClick={() => setConfirmNew(true)} className="w-full sm:w-auto">
          <RotateCcw aria-hidden /> Create New Newsletter
        </Button>
      </StepNav>
      <SendBar
        wf={wf}
        user={user}
        draft={draft}
        ready={ready}
        wide={wide}
        subject={d.subject || result?.subject || ''}
        aiInput={aiInput}
        sendReason={sendReason}
        onVerify={showVerify}
      />
      <StartOverDialog open={confirmNew} onOpenChange={setConfirmNew} onStartOver={startNew} />
    </div>
  );
}
