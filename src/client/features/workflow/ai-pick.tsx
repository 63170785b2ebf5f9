// Step 4's AI: 'pick the best N for me' (ranked by the publication's topic, freshness and novelty, each
// pick with its reasons), the memory of articles earlier issues sent, and an article's extractive
// summary with the sentences it was taken from highlighted in the article.
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Sparkles, Wand2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { canonicalLink } from '../../../shared/links';
import { MSG } from '../../../shared/messages';
import { AI_MAX_CANDIDATES, toAiArticle } from '../../../shared/schemas/ai';
import { isSampleArticle, type Article } from '../../../shared/schemas/content';
import type { Workflow } from './use-workflow';

export function useAiStatus() {
  return trpc.ai.status.useQuery(undefined, { staleTime: 60_000 });
}

/** Articles earlier issues of this publication carried, by link: 'Used in “Issue 3” (Nov 2, 2026)'. */
export function useUsedArticles(publicationId: string): Map<string, string> {
  const used = trpc.ai.usedArticles.useQuery({ publicationId }, { staleTime: 60_000 });
  return useMemo(() => new Map((used.data ?? []).map((u) => [canonicalLink(u.url), `Used in “${u.issue}” (${formatDate(u.sentAt)})`])), [used.data]);
}

export const usedNote = (used: Map<string, string>, a: Article) => used.get(canonicalLink(a.url)) ?? null;

const COUNTS = [3, 5, 8, 10];

export function PickBar({
  wf,
  articles,
  hiddenUsed,
  onPicked,
}: {
  wf: Workflow;
  articles: Article[];
  hiddenUsed: boolean;
  onPicked: (reasons: Map<string, string>) => void;
}) {
  const status = useAiStatus();
  const utils = trpc.useUtils();
  const [topic, setTopic] = useState(wf.data.topic || wf.data.searchTopic);
  const [count, setCount] = useState(5);
  const pick = trpc.ai.pick.useMutation();

  if (status.data && !status.data.enabled)
    return (
      <p className="mt-4 flex flex-wrap items-center gap-2 rounded-lg border border-dashed border-zinc-300 px-3 py-2 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
        <Sparkles className="size-4 text-indigo-500" aria-hidden /> AI picks and summaries come with the Basic plan and above.
        <Link to="/upgrade" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          {MSG.upgradeYourPlan}
        </Link>
      </p>
    );

  const candidates = articles.filter((a) => !isSampleArticle(a)).slice(0, AI_MAX_CANDIDATES);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const res = await pick.mutateAsync({
        publicationId: wf.publicationId,
        newsletterName: wf.data.newsletterName,
        topic,
        count,
        articles: candidates.map(toAiArticle),
      });
      const byId = new Map(candidates.map((a) => [a.id, a]));
      const chosen = res.picks.map((p) => byId.get(p.id)).filter((a): a is Article => !!a);
      onPicked(new Map(res.picks.map((p) => [p.id, p.reason])));
      if (topic.trim() !== wf.data.topic) void wf.change({ topic: topic.trim() });
      await wf.change({ selectedArticles: chosen });
      void utils.ai.status.invalidate();
      toast({ title: `Picked ${chosen.length} ${chosen.length === 1 ? 'article' : 'articles'}`, description: 'Each card says why it was picked.' });
    } catch (err) {
      toast({ title: 'Could not pick articles', description: errorMessage(err), variant: 'destructive' });
    }
  };

  return (
    <form
      onSubmit={submit}
      className="mt-4 flex flex-wrap items-end gap-3 rounded-lg border border-indigo-200 bg-indigo-50/40 p-3 dark:border-indigo-500/30 dark:bg-indigo-500/5"
    >
      <div className="grid min-w-48 flex-1 gap-1">
        <Label htmlFor="pick-topic">Topic for AI picks</Label>
        <Input id="pick-topic" value={topic} maxLength={200} placeholder="e.g. battery recycling" onChange={(e) => setTopic(e.target.value)} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="pick-count">How many</Label>
        <Select id="pick-count" value={count} onChange={(e) => setCount(Number(e.target.value))}>
          {COUNTS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" disabled={pick.isPending || candidates.length === 0}>
        {pick.isPending ? <Spinner size="sm" /> : <Wand2 aria-hidden />} Pick the best {count} for me
      </Button>
      <p className="basis-full text-xs text-zinc-600 dark:text-zinc-400">
        Ranks by your topic (or the newsletter&apos;s name), freshness and how many sources report a story; never picks one an earlier issue sent
        {hiddenUsed ? '' : ' (marked below)'}. Replaces your selection. {status.data?.engine.kind === 'model' ? '' : 'Built-in engine.'}
      </p>
    </form>
  );
}
