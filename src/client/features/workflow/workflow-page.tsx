// The newsletter workflow page (spec §2): the publication its route's loader opened, the five steps with
// the step indicator, the save status and the plan-upgrade dialog. Space for each step is reserved
// while it loads so nothing jumps.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { CircleAlert, Check } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/ui/spinner';
import { UpgradeDialog } from '../upgrade';
import { useCurrentUser } from '../auth';
import { useWorkflow, type SaveState } from './use-workflow';
import { StepIndicator } from './step-indicator';
import { StepName } from './step-name';
import { StepTheme } from './step-theme';
import { ChannelStep } from './step-channels';
import { ArticleStep } from './article-step';
import { PreviewStep } from './preview-step';
import { StepHeading } from './step-heading';

function SaveStatus({ state, lastSaved }: { state: SaveState; lastSaved: string }) {
  const time = new Date(lastSaved).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return (
    // Only a failed save is announced: routine autosaves would interrupt a screen reader constantly.
    <span role={state === 'error' ? 'alert' : undefined} className="inline-flex items-center gap-1.5 text-xs text-muted">
      {state === 'saving' && (
        <>
          <Spinner size="sm" /> Saving progress...
        </>
      )}
      {state === 'error' && (
        <>
          <CircleAlert className="size-3.5 text-red-500" aria-hidden /> Last change not saved
        </>
      )}
      {(state === 'saved' || state === 'idle') && (
        <>
          <Check className="size-3.5 text-emerald-500" aria-hidden /> Progress saved {time}
        </>
      )}
    </span>
  );
}

export function WorkflowPage({ publicationId }: { publicationId: string }) {
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const openUpgrade = () => setUpgradeOpen(true);
  const wf = useWorkflow(publicationId, openUpgrade);
  const user = useCurrentUser();
  return (
    <>
      <PageHeader
        title="Newsletter Workflow"
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>
              Publication: <span className="font-medium text-zinc-900 dark:text-zinc-100">{wf.publicationName}</span>
            </span>
            <SaveStatus state={wf.saveState} lastSaved={wf.lastSaved} />
          </span>
        }
        actions={
          <Link to="/publications" className="inline-flex min-h-6 items-center text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            All publications
          </Link>
        }
      />
      <StepIndicator wf={wf} />
      <section
        aria-labelledby="workflow-step-title"
        className="@container min-h-[28rem] rounded-xl border border-zinc-200 bg-white p-4 shadow-xs sm:p-6 dark:border-zinc-800 dark:bg-zinc-900/60"
      >
        <StepHeading step={wf.step} />
        {wf.step === 1 && <StepName wf={wf} />}
        {wf.step === 2 && <StepTheme wf={wf} onUpgrade={openUpgrade} />}
        {wf.step === 3 && <ChannelStep wf={wf} user={user} onUpgrade={openUpgrade} />}
        {wf.step === 4 && <ArticleStep wf={wf} />}
        {wf.step === 5 && <PreviewStep wf={wf} user={user} />}
      </section>
      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
    </>
  );
}
