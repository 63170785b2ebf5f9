// Step 5's subject line and intro: typed, or suggested by the AI from the chosen articles. The intro's
// [n] marks link each sentence to the article it came from here; the email shows the intro without them.
import { useState } from 'react';
import { Input, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { LiveRegion } from '../../components/ui/live-region';
import { toast } from '../../components/ui/toast-store';
import { CitedText } from '../../components/cited-text';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../trpc';
import { AI_MAX_SOURCES, toAiArticle } from '../../../shared/schemas/ai';
import { AiTasteNote, aiUsable, useAiStatus } from './ai-pick';
import { AiModelPicker, useAiModelChoice } from '../../components/ai-model-picker';
import { AiButton } from './ai-button';
import { Part } from './part';
import type { Workflow } from './use-workflow';
import { ErrorLine } from '../../components/error-line';

type Suggestions = RouterOutputs['ai']['subjects'];

/** What the AI writes an intro or subject lines from: the newsletter, its topic and the first chosen articles. */
export function aiWritingInput(d: Workflow['data']) {
  const sources = d.selectedArticles.slice(0, AI_MAX_SOURCES);
  return { newsletterName: d.newsletterName, topic: d.topic, articles: sources.map(toAiArticle) };
}

/** The AI's subject lines, each with its length and the sources it came from; picking one takes it. */
function SuggestedSubjects({ suggestions, onPick }: { suggestions: Suggestions; onPick: (text: string) => void }) {
  return (
    <ul className="grid gap-1.5" aria-label="Suggested subject lines">
      {suggestions.subjects.map((s) => (
        <li key={s.text}>
          <button
            type="button"
            onClick={() => onPick(s.text)}
            className="w-full rounded-md border border-zinc-200 px-2.5 py-1.5 text-left text-sm hover:border-indigo-400 hover:bg-indigo-50/50 dark:border-zinc-700 dark:hover:bg-indigo-500/10"
          >
            <span className="text-zinc-900 dark:text-zinc-100">{s.text}</span>
            <span className="block text-xs text-muted">
              {s.text.length} characters · from{' '}
              {[...new Set(s.basedOn.map((n) => suggestions.sources[n - 1]?.source).filter(Boolean))].join(', ') || 'the articles'}
            </span>
          </button>
        </li>
      ))}
      <li className="text-xs text-muted">{suggestions.engine.note ?? suggestions.engine.name}</li>
    </ul>
  );
}

/** The AI's two writers for this step, and what they are doing said to screen readers (failures are alerts and toasts). */
function useAiWriting() {
  const utils = trpc.useUtils();
  const introAi = trpc.ai.intro.useMutation({ onSettled: () => void utils.ai.status.invalidate() });
  const subjectsAi = trpc.ai.subjects.useMutation({ onSettled: () => void utils.ai.status.invalidate() });
  const news = subjectsAi.isPending
    ? 'Writing subject lines…'
    : introAi.isPending
      ? 'Writing the intro…'
      : introAi.isSuccess && introAi.submittedAt >= subjectsAi.submittedAt
        ? 'Intro written.'
        : subjectsAi.data
          ? `${subjectsAi.data.subjects.length} subject lines suggested.`
          : '';
  return { introAi, subjectsAi, news };
}

export function IntroAndSubject({ wf, builtSubject }: { wf: Workflow; builtSubject: string | null }) {
  const d = wf.data;
  const ai = useAiStatus(wf.publicationId);
  const [subject, setSubject] = useState(d.subject);
  const [intro, setIntro] = useState(d.intro);
  const { introAi, subjectsAi, news } = useAiWriting();
  const { model } = useAiModelChoice(ai.data?.models);
  // Free's taste counts the issue the call is made in.
  const input = { ...aiWritingInput(d), model, publicationId: wf.publicationId };
  const enabled = aiUsable(ai.data) && input.articles.length > 0;

  const saveSubject = (v: string) => v.trim() !== d.subject && void wf.change({ subject: v.trim() });
  const saveIntro = (v: string) => v !== d.intro && void wf.change({ intro: v });

  const writeIntro = async () => {
    try {
      const res = await introAi.mutateAsync(input);
      setIntro(res.text);
      saveIntro(res.text);
      if (res.engine.note) toast({ title: 'Written by the built-in engine', description: res.engine.note });
    } catch (err) {
      toast({ title: 'Could not write an intro', description: errorMessage(err), variant: 'destructive' });
    }
  };

  return (
    <Part title="Subject line and intro" id="intro-subject" actions={ai.data?.enabled && <AiModelPicker models={ai.data.models} id="workflow-ai-model" />}>
      {ai.data?.taste && <AiTasteNote taste={ai.data.taste} className="mb-3" />}
      <LiveRegion testId="ai-writing-announcement">{news}</LiveRegion>
      <div className="grid gap-5 @3xl:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor="issue-subject">Subject line</Label>
          <Input
            id="issue-subject"
            value={subject}
            maxLength={200}
            placeholder={builtSubject ?? 'Built from the lead story'}
            onChange={(e) => setSubject(e.target.value)}
            onBlur={(e) => saveSubject(e.target.value)}
          />
          <p className="text-xs text-muted">
            {subject.trim()
              ? `${subject.trim().length} characters (under 70 shows in full on most phones)`
              : 'Empty: the subject is built from the lead story.'}
          </p>
          {enabled && (
            <AiButton className="justify-self-start" pending={subjectsAi.isPending} reason="Writing subject lines…" onClick={() => subjectsAi.mutate(input)}>
              Suggest subject lines
            </AiButton>
          )}
          <ErrorLine error={subjectsAi.error} className="text-sm" />
          {subjectsAi.data && (
            <SuggestedSubjects
              suggestions={subjectsAi.data}
              onPick={(text) => {
                setSubject(text);
                saveSubject(text);
              }}
            />
          )}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor="issue-intro">Intro</Label>
          <Textarea
            id="issue-intro"
            rows={4}
            value={intro}
            maxLength={2000}
            placeholder="A few words above the stories (optional)"
            onChange={(e) => setIntro(e.target.value)}
            onBlur={(e) => saveIntro(e.target.value)}
          />
          {enabled && (
            <AiButton className="justify-self-start" pending={introAi.isPending} reason="Writing the intro…" onClick={() => void writeIntro()}>
              Write intro with AI
            </AiButton>
          )}
          {/\[\d{1,2}\]/.test(intro) && (
            <div className="rounded-md bg-zinc-50 p-2.5 text-sm text-zinc-700 dark:bg-zinc-800/50 dark:text-zinc-300">
              <p className="mb-1 text-xs font-medium text-muted">Where each sentence comes from (the email leaves the numbers out):</p>
              <CitedText text={intro} sources={d.selectedArticles.slice(0, AI_MAX_SOURCES)} />
            </div>
          )}
        </div>
      </div>
    </Part>
  );
}
