// The articles to write from: found for a topic in the creator's channels (ai.sources), the best five
// checked, at most AI_MAX_SOURCES. A later search replaces an earlier one that answers late.
import { useRef, useState } from 'react';
import { trpc } from '../../trpc';
import { errorMessage } from '../../lib/errors';
import { AI_MAX_SOURCES, toAiArticle, type AiArticle } from '../../../shared/schemas/ai';

export type FoundArticle = AiArticle & { score: number; reason: string };
export interface FoundSources {
  articles: FoundArticle[];
  channels: number;
  failed: string[];
}

/** How many of the best articles start checked. */
const CHECKED_BY_DEFAULT = 5;

export function useSources() {
  const utils = trpc.useUtils();
  const [found, setFound] = useState<FoundSources | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const find = async (topic: string) => {
    const mine = ++latest.current;
    setPending(true);
    setError(null);
    try {
      const result = await utils.ai.sources.fetch({ topic: topic.trim() });
      if (mine !== latest.current) return;
      setFound(result);
      setChecked(new Set(result.articles.slice(0, CHECKED_BY_DEFAULT).map((a) => a.id)));
    } catch (err) {
      if (mine === latest.current) setError(errorMessage(err));
    } finally {
      if (mine === latest.current) setPending(false);
    }
  };

  const toggle = (id: string) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else if (next.size < AI_MAX_SOURCES) next.add(id);
      return next;
    });

  /** The checked articles in their ranked order (the order their [n] marks follow), as ai.generate takes them. */
  const chosen: AiArticle[] = (found?.articles ?? []).filter((a) => checked.has(a.id)).map(toAiArticle);

  return { found, checked, pending, error, find, toggle, chosen, full: checked.size >= AI_MAX_SOURCES };
}

export type SourcesState = ReturnType<typeof useSources>;
