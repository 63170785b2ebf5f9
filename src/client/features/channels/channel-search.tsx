// Search the channel directory by topic ('Find Channels'), with the server's message and, for plans
// that browse deeper (admin, professional, enterprise), a page switcher of up to 5 pages (spec §2).
// When the search itself fails, the built-in sample channels for the topic replace the results (§8).
// A topic the directory has nothing for says so and offers the two ways that work for any niche: a
// site's address and an OPML file (both in the step's 'Add a channel by site address' box).
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { keepPreviousData, skipToken } from '@tanstack/react-query';
import { Link2, Search, Upload } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label, FieldError } from '../../components/ui/label';
import { cn } from '../../lib/cn';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { trpc } from '../../trpc';
import { MSG } from '../../../shared/messages';
import { CHANNEL_MAX_PAGES, type Channel, type SearchChannelsResult } from '../../../shared/schemas/content';
import { sampleChannelsFor } from '../../../shared/sample-channels';
import { ChannelCard } from './channel-card';
import { smoothScroll } from '../../lib/motion';

/**
 * What a failed search shows. A refusal of the input (4xx: an address that is not allowed, no feed there)
 * is the user's to fix and shows only the server's reason; when the server or the network failed, the
 * sample channels for the topic stand in, as the server's own fallback does.
 */
export function failedSearch(err: unknown, topic: string): { result: SearchChannelsResult | null; failure: string | null } {
  const status = httpStatusOf(err);
  if (status !== undefined && status < 500) return { result: null, failure: errorMessage(err, MSG.searchFailed) };
  const data = sampleChannelsFor(topic);
  return { result: { success: false, data, message: MSG.searchFailed, page: 1, totalPages: 1, total: data.length }, failure: null };
}

/** The step's address field and OPML file input (add-channel.tsx, import-opml.tsx). */
const ADDRESS_INPUT = 'channel-address';
const OPML_INPUT = 'opml-file';

/** What an empty search offers instead of channels: the address field and the OPML import, never stand-ins. */
function NoMatch() {
  const toAddress = () => {
    const input = document.getElementById(ADDRESS_INPUT);
    input?.scrollIntoView({ block: 'center', behavior: smoothScroll() });
    input?.focus({ preventScroll: true });
  };
  return (
    <div className="mt-3 rounded-lg border border-zinc-200 bg-zinc-50 p-4 dark:border-zinc-800 dark:bg-zinc-900/60" data-testid="search-no-match">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Our directory has no channel for this topic yet. Almost every site publishes a feed, so you can add the ones you read:
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="primary" onClick={toAddress}>
          <Link2 aria-hidden /> Paste a site's address
        </Button>
        <Button size="sm" variant="outline" onClick={() => document.getElementById(OPML_INPUT)?.click()}>
          <Upload aria-hidden /> Import an OPML file
        </Button>
      </div>
      <p className="mt-3 text-xs text-muted">Or search a broader word, such as “sport”, “food” or “travel”.</p>
    </div>
  );
}

interface Props {
  initialTopic: string;
  canPage: boolean;
  isSelected: (c: Channel) => boolean;
  atLimit: boolean;
  onToggle: (c: Channel) => void;
  onSearched: (topic: string) => void;
}

/** The search asked for, its answer (or the stand-in after a failure), and `run` to ask for a topic and page. */
function useChannelSearch(initialTopic: string, onSearched: (topic: string) => void) {
  const [inputError, setInputError] = useState<string | null>(null);
  // The search asked for. Coming back to a publication shows the results of its last search again, so
  // the step opens asking for the topic it was left with.
  const [asked, setAsked] = useState<{ niche: string; page: number } | null>(() => (initialTopic.trim() ? { niche: initialTopic.trim(), page: 1 } : null));
  const query = trpc.channels.search.useQuery(asked ?? skipToken, {
    // Each search asks again (no cached answer), a failure is shown at once (no retries), and the
    // results on screen stay until the next answer arrives.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const pending = query.isFetching;
  const failed = asked && query.isError && !pending ? failedSearch(query.error, asked.niche) : null;
  const result = failed ? failed.result : (query.data ?? null);
  const failure = failed?.failure ?? null;

  // A topic whose search answered is the publication's search topic (the one it opened with already is).
  const reported = useRef(initialTopic.trim());
  const answered = asked && query.isSuccess && !query.isPlaceholderData ? asked.niche : null;
  const report = useEffectEvent((t: string) => onSearched(t));
  useEffect(() => {
    if (!answered || answered === reported.current) return;
    reported.current = answered;
    report(answered);
  }, [answered]);

  const run = (text: string, page = 1) => {
    const t = text.trim();
    if (!t) {
      setInputError(MSG.searchTopicRequired);
      return;
    }
    setInputError(null);
    if (asked && asked.niche === t && asked.page === page) void query.refetch();
    else setAsked({ niche: t, page });
  };
  return { asked, pending, result, failure, inputError, run };
}

function SearchForm({
  topic,
  setTopic,
  pending,
  inputError,
  onSearch,
}: {
  topic: string;
  setTopic: (t: string) => void;
  pending: boolean;
  inputError: string | null;
  onSearch: () => void;
}) {
  return (
    <>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch();
        }}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        noValidate
      >
        <div className="flex-1">
          <Label htmlFor="channel-topic">Search by topic or niche</Label>
          <Input
            id="channel-topic"
            value={topic}
            onChange={(e) => setTopic(e.target.value)}
            placeholder="e.g. technology, climate, personal finance"
            maxLength={500}
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? 'channel-topic-error' : undefined}
          />
        </div>
        <Button type="submit" loading={pending}>
          {!pending && <Search aria-hidden />} Find Channels
        </Button>
      </form>
      <FieldError id="channel-topic-error">{inputError}</FieldError>
    </>
  );
}

function PageSwitcher({ result, pages, pending, onPage }: { result: SearchChannelsResult; pages: number; pending: boolean; onPage: (p: number) => void }) {
  return (
    <nav aria-label="Search result pages" className="mt-4 flex flex-wrap items-center gap-1.5">
      {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
        <Button
          key={p}
          size="sm"
          variant={p === result.page ? 'primary' : 'outline'}
          aria-current={p === result.page ? 'page' : undefined}
          aria-label={`Page ${p}`}
          onClick={() => onPage(p)}
          disabled={pending}
        >
          {p}
        </Button>
      ))}
      <span className="ml-2 text-xs text-muted">{result.total} channels</span>
    </nav>
  );
}

const GRID = 'mt-4 grid grid-cols-1 gap-3 @xl:grid-cols-2 @4xl:grid-cols-3';

export function ChannelSearch({ initialTopic, canPage, isSelected, atLimit, onToggle, onSearched }: Props) {
  const [topic, setTopic] = useState(initialTopic);
  const { asked, pending, result, failure, inputError, run } = useChannelSearch(initialTopic, onSearched);
  const pages = result ? Math.min(result.totalPages, CHANNEL_MAX_PAGES) : 0;
  return (
    <section aria-labelledby="find-channels-title">
      <h3 id="find-channels-title" className="sr-only">
        Find channels
      </h3>
      <SearchForm topic={topic} setTopic={setTopic} pending={pending} inputError={inputError} onSearch={() => run(topic)} />
      {failure && (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          {failure}
        </p>
      )}
      <div aria-live="polite">
        {result && (
          <p
            className={cn(
              'mt-4 text-sm break-words',
              !result.success ? 'text-amber-700 dark:text-amber-400' : result.total === 0 ? 'font-medium text-zinc-900 dark:text-zinc-100' : 'text-muted',
            )}
            data-testid="search-message"
          >
            {result.message}
          </p>
        )}
      </div>
      {result?.success && result.total === 0 && !pending && <NoMatch />}
      {pending && !result && (
        <ul className={GRID} aria-hidden>
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-48 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800/60" />
          ))}
        </ul>
      )}
      {result && result.data.length > 0 && (
        <ul className={cn(GRID, pending && 'opacity-60')} aria-label="Found channels" aria-busy={pending}>
          {result.data.map((c) => (
            <ChannelCard key={c.id + c.url} channel={c} selected={isSelected(c)} locked={atLimit} onToggle={() => onToggle(c)} />
          ))}
        </ul>
      )}
      {canPage && result && pages > 1 && <PageSwitcher result={result} pages={pages} pending={pending} onPage={(p) => run(asked?.niche ?? topic, p)} />}
    </section>
  );
}
