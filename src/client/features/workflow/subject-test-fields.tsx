// The send dialog's subject test (Business and Enterprise): 2–3 subject lines (the AI can suggest
// some), the share of the list that tries them, the wait and the winning rule. Plans without subject
// tests see what the feature does and the way to upgrade; the server refuses them either way.
import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { FlaskConical, Lock, Plus, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { trpc, type RouterInputs } from '../../trpc';
import { CAPABILITIES, capabilitiesFor, PLAN_LABELS, PLAN_TYPES } from '../../../shared/plans';
import type { UserDtoShape } from '../../../shared/schemas/user';
import { SUBJECT_TEST_DISTINCT, groupSize, normalSubject, subjectsDistinct } from '../../../shared/subject-tests';
import { AiButton } from './ai-button';
import { ErrorLine } from '../../components/error-line';

export type SubjectTestDraft = { on: boolean; subjects: string[]; sharePercent: number; waitHours: number; rule: 'opens' | 'clicks' };
export type SubjectTestRequest = NonNullable<RouterInputs['sends']['create']['subjectTest']>;

export const newSubjectTest = (subject: string): SubjectTestDraft => ({ on: false, subjects: [subject, ''], sharePercent: 20, waitHours: 4, rule: 'opens' });

const SHARES = [10, 20, 30, 40, 50];
const WAITS = [1, 2, 4, 8, 12, 24];
const TEST_PLAN = PLAN_TYPES.find((p) => CAPABILITIES[p].subjectTests) ?? 'business';

/** What is wrong with the draft, in the server's words, or null when it can be sent. */
export function subjectTestProblem(t: SubjectTestDraft): string | null {
  if (t.subjects.some((s) => !normalSubject(s))) return 'Write every subject line of the test';
  if (!subjectsDistinct(t.subjects)) return SUBJECT_TEST_DISTINCT;
  return null;
}

export const subjectTestRequest = (t: SubjectTestDraft): SubjectTestRequest | undefined =>
  t.on ? { subjects: t.subjects.map(normalSubject), sharePercent: t.sharePercent, waitHours: t.waitHours, rule: t.rule } : undefined;

type Change = (patch: Partial<SubjectTestDraft>) => void;

/** Puts a suggested line in the first empty field, else adds it, else replaces the last. */
function withSuggestion(subjects: string[], text: string): string[] {
  const empty = subjects.findIndex((x) => !x.trim());
  const at = empty >= 0 ? empty : subjects.length < 3 ? subjects.length : subjects.length - 1;
  return at === subjects.length ? [...subjects, text] : subjects.map((s, j) => (j === at ? text : s));
}

/** The test's 2–3 subject lines (A, B, C), adding one, and the AI's suggestions to take from. */
function SubjectLines({ id, value, set, aiInput }: { id: string; value: SubjectTestDraft; set: Change; aiInput: RouterInputs['ai']['subjects'] | null }) {
  const suggest = trpc.ai.subjects.useMutation();
  const setLine = (i: number, text: string) => set({ subjects: value.subjects.map((s, j) => (j === i ? text : s)) });
  return (
    <>
      <ol className="grid gap-2">
        {value.subjects.map((s, i) => (
          <li key={i} className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <Label htmlFor={`${id}-s${i}`}>Subject {String.fromCharCode(65 + i)}</Label>
              <Input id={`${id}-s${i}`} value={s} maxLength={150} onChange={(e) => setLine(i, e.target.value)} />
            </div>
            {value.subjects.length > 2 && (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove subject ${String.fromCharCode(65 + i)}`}
                onClick={() => set({ subjects: value.subjects.filter((_, j) => j !== i) })}
              >
                <X aria-hidden />
              </Button>
            )}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        {value.subjects.length < 3 && (
          <Button variant="outline" size="sm" onClick={() => set({ subjects: [...value.subjects, ''] })}>
            <Plus aria-hidden /> Add a subject
          </Button>
        )}
        {aiInput && (
          <AiButton pending={suggest.isPending} reason="Writing subject lines…" onClick={() => suggest.mutate(aiInput)}>
            Suggest subject lines
          </AiButton>
        )}
      </div>
      <ErrorLine error={suggest.error} className="text-xs text-red-600 dark:text-red-400" />
      {suggest.data && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Suggested subject lines">
          {suggest.data.subjects.map((s) => (
            <li key={s.text}>
              <button
                type="button"
                className="rounded-full border border-zinc-300 px-2.5 py-1 text-left text-xs text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
                onClick={() => set({ subjects: withSuggestion(value.subjects, s.text) })}
              >
                {s.text}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function NumberChoice({
  id,
  label,
  value,
  choices,
  unit,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  choices: number[];
  unit: (n: number) => string;
  onChange: (n: number) => void;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {choices.map((n) => (
          <option key={n} value={n}>
            {n} {unit(n)}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The share of the list that tries the lines, the wait, the winning rule, and the group sizes they give. */
function TestRules({ id, value, set, active }: { id: string; value: SubjectTestDraft; set: Change; active: number }) {
  const perGroup = groupSize(active, value);
  const rest = Math.max(0, active - perGroup * value.subjects.length);
  return (
    <>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <NumberChoice
          id={`${id}-share`}
          label="Test on"
          value={value.sharePercent}
          choices={SHARES}
          unit={() => '% of the list'}
          onChange={(sharePercent) => set({ sharePercent })}
        />
        <NumberChoice
          id={`${id}-wait`}
          label="Then wait"
          value={value.waitHours}
          choices={WAITS}
          unit={(h) => (h === 1 ? 'hour' : 'hours')}
          onChange={(waitHours) => set({ waitHours })}
        />
        <div>
          <Label htmlFor={`${id}-rule`}>Winner by</Label>
          <Select id={`${id}-rule`} value={value.rule} onChange={(e) => set({ rule: e.target.value === 'clicks' ? 'clicks' : 'opens' })}>
            <option value="opens">Opens</option>
            <option value="clicks">Clicks</option>
          </Select>
        </div>
      </div>
      <p className="text-xs text-muted">Opens count readers only: Apple Mail Privacy Protection and scanners opening every message are left out.</p>
      <p className="text-xs text-muted" aria-live="polite">
        {active > 0
          ? `${perGroup.toLocaleString()} ${perGroup === 1 ? 'reader' : 'readers'} per subject now; the winner goes to the other ${rest.toLocaleString()}.`
          : 'Group sizes are set when the issue goes out.'}
        {active > 0 && perGroup < 100 && ' With groups this small, the winner may be a coin flip; the results will say so.'}
      </p>
    </>
  );
}

export function SubjectTestFields({
  user,
  value,
  onChange,
  active,
  aiInput,
}: {
  user: UserDtoShape;
  value: SubjectTestDraft;
  onChange: (next: SubjectTestDraft) => void;
  /** Readers the issue would reach now (for the group sizes). */
  active: number;
  aiInput: RouterInputs['ai']['subjects'] | null;
}) {
  const id = useId();
  const allowed = capabilitiesFor(user).subjectTests;
  const set = (patch: Partial<SubjectTestDraft>) => onChange({ ...value, ...patch });

  if (!allowed) {
    return (
      <div className="flex items-start gap-2 rounded-lg border border-zinc-200 p-3 text-sm text-muted dark:border-zinc-800">
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>
          Subject tests come with the {PLAN_LABELS[TEST_PLAN]} plan: try 2–3 subject lines on part of your list and send the winner to the rest.{' '}
          <Link to="/upgrade" className="text-indigo-700 underline underline-offset-2 hover:decoration-2 dark:text-indigo-300">
            Upgrade your plan
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="grid gap-3 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800">
      <label className="flex items-center gap-2 font-medium text-zinc-900 dark:text-zinc-100">
        <Switch checked={value.on} onCheckedChange={(on) => set({ on })} aria-describedby={`${id}-what`} />
        <FlaskConical className="size-4" aria-hidden /> Test subject lines
      </label>
      <p id={`${id}-what`} className="text-xs text-muted">
        Part of your list gets each subject; when the wait ends, the one readers opened (or clicked) most goes to everyone else.
      </p>
      {value.on && (
        <>
          <SubjectLines id={id} value={value} set={set} aiInput={aiInput} />
          <TestRules id={id} value={value} set={set} active={active} />
        </>
      )}
    </div>
  );
}
