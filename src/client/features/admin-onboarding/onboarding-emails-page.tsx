// /admin/onboarding-emails (staff): the onboarding sequence, steps ordered by day after sign-up. Admins
// add, edit and delete steps; managers and supervisors read, preview and send a test to themselves (the
// server decides and refuses their changes). The preview is the server's real e-mail in a sandboxed frame.
import { useMemo, useState } from 'react';
import { MailPlus, Plus, Send, Trash2 } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { EmptyState, ListError, ListSkeleton } from '../../components/ui/list-states';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { cn } from '../../lib/cn';
import { trpc, type RouterOutputs } from '../../trpc';
import { EmailPreview } from './email-preview';
import { useDebounced } from '../../lib/use-debounced';
import { LOADED } from '../../lib/page-data';

type Step = RouterOutputs['onboarding']['list']['steps'][number];
const NEW = 'new';
const blank = { dayOffset: 0, subject: '', markdown: '', enabled: true };

export function OnboardingEmailsPage() {
  const list = trpc.onboarding.list.useQuery(undefined, LOADED);
  const [selected, setSelected] = useState<string | null>(null);
  const steps = list.data?.steps ?? [];
  const canEdit = list.data?.canEdit ?? false;
  const current = selected === NEW ? null : (steps.find((s) => s.id === selected) ?? steps[0] ?? null);
  const editing = selected === NEW ? NEW : (current?.id ?? null);

  return (
    <div>
      <PageHeader
        title="Onboarding Emails"
        description="The e-mails every new account gets in its first days, in order. Each is sent once, on its day after sign-up."
        actions={
          canEdit && (
            <Button onClick={() => setSelected(NEW)}>
              <Plus aria-hidden /> Add step
            </Button>
          )
        }
      />
      {list.data && !canEdit && (
        <p
          role="note"
          className="mb-4 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
        >
          Read-only: only admins change the onboarding e-mails. You can preview them and send a test to yourself.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <Card className="h-fit overflow-hidden">
          <h2 className="border-b border-zinc-100 px-4 py-3 text-sm font-semibold text-zinc-900 dark:border-zinc-800 dark:text-white">Sequence</h2>
          {list.isLoading ? (
            <ListSkeleton rows={3} />
          ) : list.isError ? (
            <ListError message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
          ) : steps.length === 0 ? (
            <EmptyState icon={MailPlus} title="No onboarding e-mails" body="New accounts get nothing until a step is added." />
          ) : (
            <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {steps.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    onClick={() => setSelected(s.id)}
                    aria-current={editing === s.id ? 'true' : undefined}
                    className={cn(
                      'flex w-full flex-col items-start gap-1 px-4 py-3 text-left hover:bg-zinc-50 dark:hover:bg-zinc-900',
                      editing === s.id && 'bg-indigo-50 dark:bg-indigo-500/10',
                    )}
                  >
                    <span className="flex items-center gap-2 text-xs font-medium text-muted">
                      Day {s.dayOffset}
                      {!s.enabled && <Badge tone="warning">Off</Badge>}
                    </span>
                    <span className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{s.subject}</span>
                    <span className="text-xs text-muted">{s.sent === 1 ? 'Sent once' : `Sent ${s.sent} times`}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {list.data && editing && <StepEditor key={editing} step={current && editing !== NEW ? current : null} canEdit={canEdit} onSaved={setSelected} />}
      </div>
    </div>
  );
}

function useStepEditor(step: Step | null, onSaved: (id: string | null) => void) {
  const utils = trpc.useUtils();
  const [form, setForm] = useState(() => (step ? { dayOffset: step.dayOffset, subject: step.subject, markdown: step.markdown, enabled: step.enabled } : blank));
  const [day, setDay] = useState(String(form.dayOffset));
  // One object per change of the e-mail (not per render), so the debounce waits for typing to stop.
  const email = useMemo(() => ({ subject: form.subject.slice(0, 200), markdown: form.markdown }), [form.subject, form.markdown]);
  const debounced = useDebounced(email);
  const preview = trpc.onboarding.preview.useQuery(debounced, { placeholderData: (prev) => prev, retry: false });
  const done = (title: string, id: string | null) => {
    toast({ title, variant: 'success' });
    void utils.onboarding.list.invalidate();
    onSaved(id);
  };
  const failed = (title: string) => (err: unknown) => toast({ title, description: errorMessage(err), variant: 'destructive' });
  const create = trpc.onboarding.create.useMutation({ onSuccess: (s) => done('Step added', s.id), onError: failed('Not saved') });
  const update = trpc.onboarding.update.useMutation({ onSuccess: (s) => done('Step saved', s.id), onError: failed('Not saved') });
  const remove = trpc.onboarding.delete.useMutation({ onSuccess: () => done('Step deleted', null), onError: failed('Not deleted') });
  const test = trpc.onboarding.sendTest.useMutation({
    onSuccess: (r) => toast({ title: 'Test e-mail sent', description: `Sent to ${r.to}.`, variant: 'success' }),
    onError: failed('Test e-mail not sent'),
  });
  const dayNumber = Number(day);
  const dayValid = day.trim() !== '' && Number.isInteger(dayNumber) && dayNumber >= 0 && dayNumber <= 365;
  const valid = dayValid && form.subject.trim().length > 0;
  const save = () => {
    const input = { ...form, dayOffset: dayNumber };
    if (step) update.mutate({ id: step.id, ...input });
    else create.mutate(input);
  };
  return { form, setForm, day, setDay, dayValid, valid, email, preview, create, update, remove, test, save };
}

type StepEdit = ReturnType<typeof useStepEditor>;

function StepFields({ e, canEdit }: { e: StepEdit; canEdit: boolean }) {
  const { form, setForm, dayValid } = e;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)]">
        <div className="grid gap-1.5">
          <Label htmlFor="step-day">Day after sign-up</Label>
          <Input
            id="step-day"
            type="number"
            min={0}
            max={365}
            step={1}
            value={e.day}
            disabled={!canEdit}
            aria-invalid={dayValid ? undefined : true}
            aria-describedby={dayValid ? undefined : 'step-day-error'}
            onChange={(ev) => e.setDay(ev.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="step-subject">Subject</Label>
          <Input
            id="step-subject"
            value={form.subject}
            maxLength={200}
            disabled={!canEdit}
            onChange={(ev) => setForm({ ...form, subject: ev.target.value.replace(/[\r\n]+/g, ' ') })}
          />
        </div>
      </div>
      {!dayValid && (
        <p id="step-day-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
          The day must be a whole number from 0 to 365.
        </p>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor="step-body">Body (Markdown)</Label>
        <Textarea
          id="step-body"
          rows={10}
          value={form.markdown}
          disabled={!canEdit}
          className="font-mono text-sm"
          onChange={(ev) => setForm({ ...form, markdown: ev.target.value })}
        />
      </div>
      <div className="flex items-center gap-3">
        <Switch id="step-enabled" checked={form.enabled} disabled={!canEdit} onCheckedChange={(v) => setForm({ ...form, enabled: v })} />
        <Label htmlFor="step-enabled">Enabled</Label>
      </div>
    </>
  );
}

function StepEditor({ step, canEdit, onSaved }: { step: Step | null; canEdit: boolean; onSaved: (id: string | null) => void }) {
  const e = useStepEditor(step, onSaved);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { preview } = e;
  return (
    <div className="grid min-w-0 gap-6">
      <Card className="p-5">
        <form
          className="grid gap-4"
          onSubmit={(ev) => {
            ev.preventDefault();
            if (e.valid) e.save();
          }}
        >
          <h2 className="text-base font-semibold text-zinc-900 dark:text-white">{step ? `Day ${step.dayOffset}: ${step.subject}` : 'New step'}</h2>
          <StepFields e={e} canEdit={canEdit} />
          <div className="flex flex-wrap gap-2">
            {canEdit && (
              <Button type="submit" disabled={!e.valid} loading={e.create.isPending || e.update.isPending}>
                {step ? 'Save' : 'Add step'}
              </Button>
            )}
            <Button variant="outline" loading={e.test.isPending} disabled={!e.form.subject.trim()} onClick={() => e.test.mutate(e.email)}>
              <Send aria-hidden /> Send test to me
            </Button>
            {canEdit && step && (
              <Button variant="ghost" className="text-red-600 dark:text-red-400" onClick={() => setConfirmDelete(true)}>
                <Trash2 aria-hidden /> Delete
              </Button>
            )}
          </div>
        </form>
      </Card>
      <EmailPreview preview={preview.data} loading={preview.isFetching} error={preview.isError ? errorMessage(preview.error) : null} />
      {step && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title={`Delete “${step.subject}”?`}
          description="New accounts will no longer get this e-mail. Those who already got it keep it."
          confirmLabel="Delete step"
          pending={e.remove.isPending}
          onConfirm={() => e.remove.mutate({ id: step.id })}
        />
      )}
    </div>
  );
}
