// Step 5's send bar, at the bottom of the screen: save, export, test send and send to subscribers, the
// last save's outcome, and why sending is off (with the way to verify the address when that is why).
import { CheckCircle2, MailCheck, Save } from 'lucide-react';
import { ReasonButton } from '../../components/ui/reason-button';
import { Spinner } from '../../components/ui/spinner';
import { MSG } from '../../../shared/messages';
import type { UserDtoShape } from '../../../shared/schemas/user';
import type { RouterInputs } from '../../trpc';
import { ExportMenu } from './export-buttons';
import { SendTestButton, WAIT_FOR_PREVIEW } from './send-panel';
import { SubscriberSend } from './subscriber-send';
import type { useDraftSave } from './use-draft-save';
import { useStickyBar } from './use-sticky-bar';
import type { Workflow } from './use-workflow';

const SEND_REASON_ID = 'send-bar-reason';

function SaveStatus({ state }: { state: ReturnType<typeof useDraftSave>['state'] }) {
  if (state === 'saved')
    return (
      <p className="mb-2 flex items-center gap-1.5 text-emerald-700 min-[1200px]:mb-0 dark:text-emerald-400">
        <CheckCircle2 className="size-4" aria-hidden /> {MSG.draftSaved}
      </p>
    );
  if (state === 'error') return <p className="mb-2 text-red-600 min-[1200px]:mb-0 dark:text-red-400">{MSG.draftSaveFailed}</p>;
  return null;
}

/** Why sending is off, and the link to the address check when the address is what stops it. */
function SendReason({ reason, verified, onVerify }: { reason: string; verified: boolean; onVerify: () => void }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-zinc-700 min-[1200px]:justify-end dark:text-zinc-300">
      <span id={SEND_REASON_ID}>{reason}</span>
      {reason !== WAIT_FOR_PREVIEW && !verified && (
        <button
          type="button"
          onClick={onVerify}
          className="inline-flex min-h-6 items-center gap-1 font-medium text-indigo-700 underline underline-offset-2 hover:decoration-2 dark:text-indigo-300"
        >
          <MailCheck className="size-4" aria-hidden /> Verify now
        </button>
      )}
    </p>
  );
}

export function SendBar({
  wf,
  user,
  draft,
  ready,
  wide,
  subject,
  aiInput,
  sendReason,
  onVerify,
}: {
  wf: Workflow;
  user: UserDtoShape;
  draft: ReturnType<typeof useDraftSave>;
  ready: boolean;
  /** The canvas is side by side: the save's outcome sits in the bar's row, not above it. */
  wide: boolean;
  subject: string;
  aiInput: RouterInputs['ai']['subjects'] | null;
  sendReason: string | null;
  onVerify: () => void;
}) {
  const sendBar = useStickyBar();
  const saveReason = draft.state === 'saving' ? MSG.saving : WAIT_FOR_PREVIEW;
  const verified = user.emailVerified;
  return (
    <div
      role="region"
      aria-label="Save and send"
      ref={sendBar}
      className="sticky bottom-0 z-20 -mx-4 mt-6 -mb-4 rounded-b-xl border-t border-zinc-200 bg-white/95 px-4 py-3 backdrop-blur-md sm:-mx-6 sm:-mb-6 sm:px-6 dark:border-zinc-800 dark:bg-zinc-900/95"
      data-testid="send-bar"
    >
      {/* Always there, empty unless a save just ended: on a phone it costs no row until then. */}
      <div className="text-sm min-[1200px]:hidden" aria-live="polite">
        {!wide && <SaveStatus state={draft.state} />}
      </div>
      <div className="flex flex-col gap-2 min-[1200px]:flex-row min-[1200px]:items-center min-[1200px]:justify-between">
        <div className="grid grid-cols-2 gap-2 min-[1200px]:flex min-[1200px]:items-center">
          <ReasonButton variant="outline" onClick={() => void draft.save()} disabled={!ready || draft.state === 'saving'} reason={saveReason}>
            {draft.state === 'saving' ? <Spinner size="sm" /> : <Save aria-hidden />}
            {draft.state === 'saving' ? MSG.saving : 'Save Newsletter'}
          </ReasonButton>
          <ExportMenu user={user} disabled={!ready} ensureSaved={draft.save} />
          <div className="hidden text-sm min-[1200px]:block" aria-live="polite">
            {wide && <SaveStatus state={draft.state} />}
          </div>
        </div>
        <div className="flex flex-col gap-2 min-[1200px]:flex-row min-[1200px]:items-center">
          {sendReason && <SendReason reason={sendReason} verified={verified} onVerify={onVerify} />}
          <div className="grid grid-cols-2 gap-2 min-[1200px]:flex">
            <SendTestButton request={wf.assemblyRequest} disabled={!ready} />
            <SubscriberSend
              publicationId={wf.publicationId}
              request={wf.assemblyRequest}
              verified={verified}
              disabled={!ready}
              user={user}
              subject={subject}
              aiInput={aiInput}
              reasonId={sendReason ? SEND_REASON_ID : undefined}
            />
          </div>
        </div>
      </div>
    </div>
  );
}
