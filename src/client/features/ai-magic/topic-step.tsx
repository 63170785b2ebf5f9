// "Topic": what to write about, typed or picked from the phrases several of the creator's articles
// share. Trending topics are loaded only when asked for: they fetch the creator's channels.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Info, TrendingUp } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { plural } from './text';

/** Both steps say this when the creator has no channel yet. */
export function NoChannels() {
  return (
    <p role="note" className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        Add channels to a publication first: trending topics come from your channels.{' '}
        <Link to="/publications" className="font-medium underline underline-offset-2">
          Go to publications
        </Link>
      </span>
    </p>
  );
}

function Trending({ current, onPick }: { current: string; onPick: (topic: string) => void }) {
  const trending = trpc.ai.trending.useQuery(undefined, { staleTime: 5 * 60_000 });
  if (trending.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner size="sm" /> Reading your channels…
      </p>
    );
  if (trending.isError)
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {errorMessage(trending.error)}
      </p>
    );
  if (trending.data.channels === 0) return <NoChannels />;
  if (trending.data.topics.length === 0) return <p className="text-sm text-muted">No topic is shared by several of your articles yet.</p>;
  return (
    <ul aria-label="Trending topics" className="flex flex-wrap gap-2">
      {trending.data.topics.map((t) => (
        <li key={t.topic}>
          <button
            type="button"
            aria-pressed={current.trim().toLowerCase() === t.topic.toLowerCase()}
            onClick={() => onPick(t.topic)}
            className="rounded-full border border-zinc-200 bg-white px-3 py-1 text-left text-sm text-zinc-700 transition-colors hover:border-indigo-300 hover:bg-indigo-50 hover:text-indigo-800 aria-pressed:border-indigo-400 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-800 dark:aria-pressed:border-indigo-500/60 dark:aria-pressed:bg-indigo-500/15 dark:aria-pressed:text-indigo-200 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:border-indigo-500/50 dark:hover:bg-indigo-500/10 dark:hover:text-indigo-200"
          >
            <span className="font-medium">{t.topic}</span>
            <span className="text-muted">
              {' '}
              · {plural(t.articles, 'article')}, {plural(t.channels, 'channel')}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function TopicStep({
  topic,
  onChange,
  onPick,
  onEnter,
}: {
  topic: string;
  onChange: (topic: string) => void;
  onPick: (topic: string) => void;
  /** Enter in the field: find articles for what was typed. */
  onEnter: () => void;
}) {
  const [asked, setAsked] = useState(false);
  const utils = trpc.useUtils();
  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <Label htmlFor="ai-topic">Topic</Label>
          <Input
            id="ai-topic"
            value={topic}
            maxLength={200}
            placeholder="e.g. battery recycling"
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                e.preventDefault();
                onEnter();
              }
            }}
          />
        </div>
        <Button
          variant="outline"
          onClick={() => {
            if (asked) void utils.ai.trending.invalidate();
            setAsked(true);
          }}
        >
          <TrendingUp aria-hidden />
          Suggest trending topics
        </Button>
      </div>
      {asked && <Trending current={topic} onPick={onPick} />}
    </div>
  );
}
