// Step 4 'Choose Articles' (spec §2, §4): articles of the selected channels, one query per channel and
// range (article-queries.ts), filterable by date; a failing channel shows its error beside it while the rest stay
// usable. The loading indicator clears 300 ms after the articles arrive.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { trpc } from '../../trpc';
import { MSG } from '../../../shared/messages';
import { isSampleArticle, type Article, type ChannelRef, type DateRange, type MultiChannelArticlesResult } from '../../../shared/schemas/content';
import { MAX_ARTICLES } from '../../../shared/schemas/newsletter';
import { allChannelArticlesKey, channelArticlesQuery, rangeKey } from './article-queries';
import { ArticleCard } from './article-card';
import { DateFilter } from './date-filter';
import { StepNav } from './step-nav';
import { PickBar, aiUsable, useAiStatus, useUsedArticles, usedNote } from './ai-pick';
import { SummaryDialog, useSummary } from './ai-summary';
import { Switch } from '../../components/ui/switch';
import type { Workflow } from './use-workflow';

export const LOADING_CLEAR_MS = 300;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-lg border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-zinc-700">
      <h3 className="text-base font-semibold text-zinc-900 dark:text-zinc-100">{title}</h3>
      {children}
    </div>
  );
}

export interface ChannelArticles {
  articles: Article[];
  error: string | null;
}

interface ChannelQuery {
  data?: MultiChannelArticlesResult;
  error: unknown;
  isFetching: boolean;
  dataUpdatedAt: number;
  errorUpdatedAt: number;
}

/** A channel's articles as step 4 shows them; a call that failed as a whole is that channel's error. */
function channelResult(q: ChannelQuery): ChannelArticles | undefined {
  if (q.data) return { articles: q.data.articles, error: q.data.errors[0]?.message ?? null };
  if (q.error) return { articles: [], error: q.error instanceof Error ? q.error.message : 'The articles could not be loaded' };
  return undefined;
}

/** The channels' queries as one view (a stable function, so TanStack Query keeps the view while nothing changed). */
function combineChannels(queries: ChannelQuery[]) {
  const seen = new Set<string>();
  const articles: Article[] = [];
  for (const q of queries) for (const a of q.data?.articles ?? []) if (!seen.has(a.id) && seen.add(a.id)) articles.push(a);
  articles.sort((a, b) => Date.parse(b.publishDate) - Date.parse(a.publishDate));
  return {
    byChannel: queries.map(channelResult),
    articles,
    arrived: queries.length > 0 && queries.every((q) => !q.isFetching && (q.data !== undefined || !!q.error)),
    answeredAt: Math.max(0, ...queries.map((q) => Math.max(q.dataUpdatedAt, q.errorUpdatedAt))),
  };
}

/** The chosen channels' articles in the range shown, and the loading state that clears LOADING_CLEAR_MS after they arrive. */
function useChannelArticles(channels: ChannelRef[]) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  // The range shown, and the one before it: while a channel's articles for a new range load, its
  // articles in the previous range stay on screen.
  const [filter, setFilter] = useState<{ range: DateRange | null; previous?: DateRange | null }>({ range: null });
  const range = filter.range;
  const previousData = (c: ChannelRef) =>
    filter.previous === undefined
      ? undefined
      : queryClient.getQueryData<MultiChannelArticlesResult>(channelArticlesQuery(utils.client, c, filter.previous).queryKey);
  const { byChannel, articles, arrived, answeredAt } = useQueries({
    queries: channels.map((c) => ({ ...channelArticlesQuery(utils.client, c, range), placeholderData: () => previousData(c) })),
    combine: combineChannels,
  });
  const results = new Map(channels.flatMap((c, i) => (byChannel[i] ? [[c.url, byChannel[i]] as const] : [])));
  // One key per answer: the channels (by address), the range, and when the newest answer came.
  const loadKey = `${channels.map((c) => c.url).join('\n')}|${rangeKey(range)}|${answeredAt}`;
  // The answer that has been shown for LOADING_CLEAR_MS; any other key is still loading.
  const [settledKey, setSettledKey] = useState<string | null>(null);
  const loading = channels.length > 0 && (!arrived || settledKey !== loadKey);

  useEffect(() => {
    if (!arrived) return;
    const timer = setTimeout(() => setSettledKey(loadKey), LOADING_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [arrived, loadKey]);

  const failed = channels.filter((c) => results.get(c.url)?.error);
  const retry = () => {
    // Invalidated together, the channels are asked for again in one call.
    for (const c of failed.length > 0 ? failed : channels)
      void queryClient.invalidateQueries({ queryKey: channelArticlesQuery(utils.client, c, range).queryKey, exact: true });
  };
  const applyRange = (r: DateRange | null) => {
    // Spec §4: Apply Filter clears the article cache and reloads. Every channel's articles, in any
    // range, become stale (kept only to stay on screen while the new ones load); the range shown
    // is asked for again at once when it is the one applied.
    const same = rangeKey(r) === rangeKey(range);
    void queryClient.invalidateQueries({ queryKey: allChannelArticlesKey(), refetchType: same ? 'active' : 'none' });
    setFilter({ range: r, previous: range });
  };
  return { range, results, articles, arrived, loading, failed, retry, applyRange };
}

function ChannelStatus({ channels, results }: { channels: ChannelRef[]; results: Map<string, ChannelArticles> }) {
  return (
    <ul className="mt-4 flex flex-wrap gap-2" aria-label="Channel status">
      {channels.map((c) => {
        const r = results.get(c.url);
        return (
          <li
            key={c.url}
            className="flex max-w-full flex-wrap items-center gap-x-2 gap-y-0.5 rounded-md border border-zinc-200 px-2.5 py-1 text-xs dark:border-zinc-800"
          >
            <span className="truncate font-medium text-zinc-800 dark:text-zinc-200">{c.name}</span>
            {r && <span className="shrink-0 tabular-nums text-muted">{plural(r.articles.filter((a) => !isSampleArticle(a)).length, 'article')}</span>}
            {r?.error && (
              <span className="flex min-w-0 items-center gap-1 text-amber-700 dark:text-amber-400" role="note">
                <AlertTriangle className="size-3.5 shrink-0" aria-hidden />
                <span className="break-words">{r.error}</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The loading state or the counts, the switch that hides stories earlier issues used, and Retry. */
function ArticleToolbar({
  loading,
  status,
  hideUsed,
  onRetry,
}: {
  loading: boolean;
  status: ReactNode;
  /** Null while no earlier issue used a story shown. */
  hideUsed: { on: boolean; set: (on: boolean) => void } | null;
  /** Null while nothing failed and articles are shown. */
  onRetry: (() => void) | null;
}) {
  return (
    <div className="mt-4 flex min-h-9 flex-wrap items-center justify-between gap-3">
      <div role="status" aria-live="polite" className="flex items-center gap-2 text-sm text-muted">
        {loading ? (
          <>
            <span className="inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent" aria-hidden /> Loading articles...
          </>
        ) : (
          status
        )}
      </div>
      {hideUsed && (
        <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <Switch checked={hideUsed.on} onCheckedChange={hideUsed.set} aria-label="Hide stories earlier issues used" />
          Hide stories earlier issues used
        </label>
      )}
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={loading}>
          <RotateCw aria-hidden /> Retry Loading Articles
        </Button>
      )}
    </div>
  );
}

function NoChannels({ wf }: { wf: Workflow }) {
  return (
    <div>
      <EmptyState title={MSG.noChannels}>
        <p className="mt-1 text-sm text-muted">Choose at least one content channel to see its articles.</p>
        <Button className="mt-4" variant="outline" onClick={() => wf.goTo(3)}>
          Select channels
        </Button>
      </EmptyState>
      <StepNav wf={wf} />
    </div>
  );
}

const GRID = 'mt-4 grid grid-cols-1 gap-4 @xl:grid-cols-2 @4xl:grid-cols-3';

export function ArticleStep({ wf }: { wf: Workflow }) {
  const channels = wf.data.selectedChannels;
  const selectedIds = useMemo(() => new Set(wf.data.selectedArticles.map((a) => a.id)), [wf.data.selectedArticles]);
  const { range, results, articles, arrived, loading, failed, retry, applyRange } = useChannelArticles(channels);
  const ai = useAiStatus(wf.publicationId);
  const used = useUsedArticles(wf.publicationId);
  const [hideUsed, setHideUsed] = useState(false);
  const [reasons, setReasons] = useState<Map<string, string>>(new Map());
  const summary = useSummary(wf.publicationId);
  const selectedById = useMemo(() => new Map(wf.data.selectedArticles.map((a) => [a.id, a])), [wf.data.selectedArticles]);
  const shown = hideUsed ? articles.filter((a) => !usedNote(used, a) || selectedIds.has(a.id)) : articles;

  /** Puts the AI summary in place of the feed's, selecting the article if it was not. */
  const applySummary = (a: Article, text: string) => {
    void wf.change(({ selectedArticles: current }) => {
      const updated = { ...(current.find((s) => s.id === a.id) ?? a), summary: text, aiEnhanced: true };
      return { selectedArticles: current.some((s) => s.id === a.id) ? current.map((s) => (s.id === a.id ? updated : s)) : [...current, updated] };
    });
    summary.close();
    toast({ title: 'Summary replaced', description: 'The issue uses the AI summary for this article.' });
  };

  const realCount = articles.filter((a) => !isSampleArticle(a)).length;

  const toggle = (a: Article) => {
    // A sample stands in for a channel that failed: it is never part of a newsletter (the server refuses it too).
    if (isSampleArticle(a)) return;
    const current = wf.current().data.selectedArticles;
    if (current.some((s) => s.id === a.id)) return void wf.change({ selectedArticles: current.filter((s) => s.id !== a.id) });
    if (current.length >= MAX_ARTICLES)
      return void toast({ title: 'Article limit', description: `A newsletter can hold at most ${MAX_ARTICLES} articles.`, variant: 'destructive' });
    void wf.change({ selectedArticles: [...current, a] });
  };

  if (channels.length === 0) return <NoChannels wf={wf} />;

  return (
    <div>
      <p className="mb-5 text-sm text-muted">Pick the stories for this issue. Newest first.</p>
      <DateFilter active={range !== null} onApply={applyRange} />

      {realCount > 0 && <PickBar wf={wf} articles={articles} hiddenUsed={hideUsed} onPicked={setReasons} />}

      <ChannelStatus channels={channels} results={results} />

      <ArticleToolbar
        loading={loading}
        status={
          <span>
            {plural(realCount, 'article')} · <span className="font-medium text-zinc-900 dark:text-zinc-100">{selectedIds.size} selected</span>
          </span>
        }
        hideUsed={used.size > 0 ? { on: hideUsed, set: setHideUsed } : null}
        onRetry={failed.length > 0 || (!loading && articles.length === 0) ? retry : null}
      />

      {articles.length === 0 && !arrived ? (
        <ul className={GRID} aria-hidden>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <li key={i} className="h-80 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800/60" />
          ))}
        </ul>
      ) : articles.length === 0 ? (
        <div className="mt-4">
          <EmptyState title={MSG.noArticles}>
            <p className="mt-1 text-sm text-muted">
              {range
                ? 'No articles fall in this date range. Widen or clear the filter.'
                : 'These channels have no articles right now. Retry, or choose other channels.'}
            </p>
          </EmptyState>
        </div>
      ) : (
        <ul className={GRID} aria-label="Articles">
          {shown.map((a) => (
            <ArticleCard
              key={a.id}
              article={selectedById.get(a.id) ?? a}
              selected={selectedIds.has(a.id)}
              onToggle={() => toggle(a)}
              notes={{ reason: reasons.get(a.id), used: usedNote(used, a), onSummarize: aiUsable(ai.data) ? () => summary.open(a) : undefined }}
            />
          ))}
        </ul>
      )}
      <StepNav wf={wf} hint="Select at least one article to continue." />
      <SummaryDialog summary={summary} onUse={applySummary} />
    </div>
  );
}
