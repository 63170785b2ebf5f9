// An article's AI summary: the sentences the built-in engine chose (TextRank over the article's own
// text), shown with the article beside them and those sentences highlighted where they stand, so the
// creator sees exactly where every word came from before using it.
import { useState } from 'react';
import { ExternalLink } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { trpc } from '../../trpc';
import type { Article } from '../../../shared/schemas/content';
import { toAiArticle, type SummarizeOutput } from '../../../shared/schemas/ai';
import { isHttpUrl } from '../../lib/url';
import { ErrorLine } from '../../components/error-line';

/** The article text with the chosen spans marked. */
function Highlighted({ result }: { result: SummarizeOutput }) {
  const parts: { text: string; mark: number | null }[] = [];
  let at = 0;
  result.sentences.forEach((s, i) => {
    if (s.start > at) parts.push({ text: result.text.slice(at, s.start), mark: null });
    parts.push({ text: result.text.slice(s.start, s.end), mark: i + 1 });
    at = s.end;
  });
  if (at < result.text.length) parts.push({ text: result.text.slice(at), mark: null });
  return (
    <p className="whitespace-pre-wrap text-sm leading-relaxed text-muted">
      {parts.map((p, i) =>
        p.mark ? (
          <mark key={i} className="rounded bg-amber-100 px-0.5 text-zinc-900 dark:bg-amber-400/25 dark:text-zinc-100">
            <sup className="mr-0.5 font-semibold text-amber-700 dark:text-amber-300">{p.mark}</sup>
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  );
}

/** The AI summary of one article: opening it asks for the summary at once (the click is the request), in this publication's issue. */
export function useSummary(publicationId: string) {
  const utils = trpc.useUtils();
  // Settled either way: a refusal (Free's taste used up) changes what the step shows too.
  const summarize = trpc.ai.summarize.useMutation({ onSettled: () => void utils.ai.status.invalidate() });
  const [article, setArticle] = useState<Article | null>(null);
  return {
    article,
    summarize,
    open: (a: Article) => {
      setArticle(a);
      summarize.reset();
      summarize.mutate({ article: toAiArticle(a), publicationId });
    },
    close: () => setArticle(null),
  };
}

export function SummaryDialog({ summary, onUse }: { summary: ReturnType<typeof useSummary>; onUse: (a: Article, summary: string) => void }) {
  const { article, summarize } = summary;
  const onClose = summary.close;
  const result = summarize.data;
  const text = result?.sentences.map((s) => s.text).join(' ') ?? '';
  return (
    <Dialog
      open={!!article}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>AI summary</DialogTitle>
          <DialogDescription>{article?.title}</DialogDescription>
        </DialogHeader>
        {summarize.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Spinner size="sm" /> Reading the article…
          </p>
        )}
        <ErrorLine error={summarize.error} className="text-sm" />
        {result && (
          <div className="grid gap-4">
            {result.sentences.length === 0 ? (
              <p className="text-sm text-muted">This article has no full sentences to quote. Keep the feed&apos;s summary.</p>
            ) : (
              <ol className="grid list-decimal gap-2 pl-5 text-sm text-zinc-900 dark:text-zinc-100" aria-label="Summary sentences">
                {result.sentences.map((s, i) => (
                  <li key={i}>
                    {s.text}{' '}
                    <span className="text-xs text-muted">
                      (characters {s.start.toLocaleString('en-US')}–{s.end.toLocaleString('en-US')} of the article)
                    </span>
                  </li>
                ))}
              </ol>
            )}
            <p className="text-xs text-muted">
              {result.engine.name}: {result.sentences.length} of the article&apos;s {result.sentenceCount} sentences, quoted word for word.{' '}
              {result.basis === 'teaser' ? 'The feed carries only the start of this article, so the summary comes from that. ' : ''}
              {article && isHttpUrl(article.url) && (
                <a
                  href={article.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-indigo-600 hover:underline dark:text-indigo-400"
                >
                  Source: {article.source} <ExternalLink className="size-3" aria-hidden />
                </a>
              )}
            </p>
            <details className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
              <summary className="cursor-pointer text-sm font-medium text-zinc-800 dark:text-zinc-200">Show where in the article</summary>
              <div className="mt-3 max-h-72 overflow-y-auto">
                <Highlighted result={result} />
              </div>
            </details>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button disabled={!article || !text} onClick={() => article && onUse(article, text)}>
            Use this summary
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
