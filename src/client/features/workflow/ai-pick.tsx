// Step 4's AI: 'pick the best N for me' (ranked by the publication's topic, freshness and novelty, each
// pick with its reasons), the memory of articles earlier issues sent, and an article's extractive
// summary with the sentences it was taken from highlighted in the article. On Free the tools work in
// the issues of its monthly taste (`AiTasteNote` says how many are left), then the upgrade notice.
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Sparkles, Wand2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc, type RouterOutputs } from '../../trpc';
import { canonicalLink } from '../../../shared/links';
import { MSG } from '../../../shared/messages';
import { AI_MAX_CANDIDATES, tasteExhausted, tasteLeftLine, toAiArticle, type TasteInfo } from '../../../shared/schemas/ai';
import { PLAN_LABELS } from '../../../shared/plans';
import { UpgradeNotice } from '../../components/upgrade-notice';
import { isSampleArticle, type Article } from '../../../shared/schemas/content';
import type { Workflow } from './use-workflow';

type AiStatus = RouterOutputs['ai']['status'];

/** The AI tools as they are to this user; with a publication, whether its current issue is one of Free's AI issues. */
export function useAiStatus(publicationId?: string) {
  return trpc.ai.status.useQuery(publicationId ? { publicationId } : undefined, { staleTime: 60_000 });
}

/** Whether the workflow's AI tools work in this issue: the plan's, or Free's taste (an issue it counted, or one left). */
export function aiUsable(status: AiStatus | undefined): boolean {
  if (!status) return false;
  return status.enabled || (!!status.taste && (status.taste.thisIssue || status.taste.left > 0));
}

const utcDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * Free's taste of the AI tools, where they are used (steps 4 and 5): how many AI issues the month has
 * left and whether this issue is one; once they are used, the upgrade notice with when they renew.
 */
export function AiTasteNote({ taste, className = '' }: { taste: TasteInfo; className?: string }) {
  const left = tasteLeftLine(taste);
  if (!taste.thisIssue && taste.left <= 0)
    return (
      <div className={className} data-testid="ai-taste">
        <UpgradeNotice compact message={tasteExhausted(taste.limit, PLAN_LABELS.free, utcDate(taste.resetsAt))} detail={left} />
      </div>
    );
  return (
    <p
      data-testid="ai-taste"
      className={`flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-950 dark:bg-indigo-500/10 dark:text-indigo-100 ${className}`}
    >
      <Sparkles className="size-4 shrink-0 text-indigo-600 dark:text-indigo-300" aria-hidden />
      <span>
        {taste.thisIssue
          ? 'This issue has AI picks and summaries on your Free plan.'
          : `Your Free plan has AI picks and summaries in ${taste.limit} issues a month; the first AI tool you use here counts this issue.`}{' '}
        <span className="font-medium">{left}</span> (renews {utcDate(taste.resetsAt)}).
      </span>
      <Link
        to="/upgrade"
        className="inline-flex min-h-6 items-center font-medium text-indigo-700 underline underline-offset-2 hover:decoration-2 dark:text-indigo-300"
      >
        Upgrade for AI in every issue
      </Link>
    </p>
  );
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
  const status = useAiStatus(wf.publicationId);
  const utils = trpc.useUtils();
  const [topic, setTopic] = useState(wf.data.topic || wf.data.searchTopic);
  const [count, setCount] = useState(5);
  const pick = trpc.ai.pick.useMutation();

  const taste = status.data?.taste ?? null;
  if (status.data && !status.data.enabled && taste && !aiUsable(status.data)) return <AiTasteNote taste={taste} className="mt-4" />;
  if (status.data && !status.data.enabled && !taste)
    return (
      <p className="mt-4 flex flex-wrap items-center gap-2 rounded-lg border border-dashed border-zinc-300 px-3 py-2 text-sm text-muted dark:border-zinc-700">
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
      void utils.ai.status.invalidate();
      toast({ title: 'Could not pick articles', description: errorMessage(err), variant: 'destructive' });
    }
  };

  return (
    <form
      onSubmit={submit}
      className="mt-4 flex flex-wrap items-end gap-3 rounded-lg border border-indigo-200 bg-indigo-50/40 p-3 dark:border-indigo-500/30 dark:bg-indigo-500/5"
    >
      {taste && <AiTasteNote taste={taste} className="basis-full" />}
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
      <Button type="submit" loading={pick.isPending} disabled={candidates.length === 0}>
        {!pick.isPending && <Wand2 aria-hidden />} Pick the best {count} for me
      </Button>
      <p className="basis-full text-xs text-muted">
        Ranks by your topic (or the newsletter&apos;s name), freshness and how many sources report a story; never picks one an earlier issue sent
        {hiddenUsed ? '' : ' (marked below)'}. Replaces your selection. {status.data?.engine.kind === 'model' ? '' : 'Built-in engine.'}
      </p>
    </form>
  );
}
