// The channel directory's search index, in memory: the directory is product data shipped with the code
// (a few hundred entries), so it is indexed once per process and needs no database feature. Tokens,
// stems, prefix terms and the ranking reproduce SQLite FTS5's "porter unicode61" tokenizer and its bm25()
// with column weights, which the search used before, so results and their order are unchanged.
import { stemmer } from 'stemmer';

/** Words of a text as FTS5's unicode61 tokenizer sees them: letters and digits, folded, no diacritics. */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Stems already computed: an index of item titles repeats most of its words. Bounded by clearing. */
const stems = new Map<string, string>();
const STEMS_KEPT = 100_000;

/** The indexed form of a word (the porter tokenizer stems ASCII words only, as SQLite's does). */
function stem(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length <= 2) return word;
  let s = stems.get(word);
  if (s === undefined) {
    if (stems.size >= STEMS_KEPT) stems.clear();
    stems.set(word, (s = stemmer(word)));
  }
  return s;
}

/** One query term: a stem matched exactly, or as a prefix of indexed tokens. */
export interface Term {
  token: string;
  prefix: boolean;
}

/**
 * The terms of a topic, or none: at most 8 words, any of which may match. Words of three or more
 * letters match as prefixes (startup -> startups); shorter ones exactly, so 'AI' does not match 'airline'.
 */
export function queryTerms(topic: string): Term[] {
  return words(topic)
    .slice(0, 8)
    .map((w) => ({ token: stem(w), prefix: w.length >= 3 }));
}

interface Doc<T> {
  item: T;
  /** Per field, the stemmed tokens in order. */
  fields: string[][];
  length: number;
}

export interface RankedIndex<T> {
  /** Every matching item, best first (ties by `tieBreak`). */
  search(terms: readonly Term[]): T[];
  /** Every matching item with its score, in index order (for merging the scores of two indexes). */
  scored(terms: readonly Term[]): { item: T; score: number }[];
}

const K1 = 1.2;
const B = 0.75;

/**
 * An index of `items` over the text fields `fieldsOf` returns, ranked by BM25 with a weight per field
 * (a word in a heavy field says more about the item), as FTS5's bm25(table, ...weights) computes it:
 * per term, the weighted hit count over fields against the item's whole length.
 */
export function rankedIndex<T>(
  items: readonly T[],
  fieldsOf: (item: T) => string[],
  weights: readonly number[],
  tieBreak: (a: T, b: T) => number,
): RankedIndex<T> {
  const docs: Doc<T>[] = items.map((item) => {
    const fields = fieldsOf(item).map((f) => words(f).map(stem));
    return { item, fields, length: fields.reduce((n, f) => n + f.length, 0) };
  });
  const avgLength = docs.reduce((n, d) => n + d.length, 0) / Math.max(docs.length, 1);
  const matches = (token: string, term: Term) => (term.prefix ? token.startsWith(term.token) : token === term.token);

  const scored = (terms: readonly Term[]): { item: T; score: number }[] => {
    if (terms.length === 0) return [];
    const hits = docs.map((d) => terms.map((t) => d.fields.map((f) => f.reduce((n, token) => n + (matches(token, t) ? 1 : 0), 0))));
    const idf = terms.map((_, i) => {
      const n = hits.filter((h) => h[i]!.some((c) => c > 0)).length;
      const value = Math.log((docs.length - n + 0.5) / (n + 0.5));
      return value > 0 ? value : 1e-6;
    });
    const found: { item: T; score: number }[] = [];
    docs.forEach((d, di) => {
      if (!hits[di]!.some((perField) => perField.some((c) => c > 0))) return;
      let score = 0;
      terms.forEach((_, i) => {
        const w = hits[di]![i]!.reduce((sum, c, f) => sum + (weights[f] ?? 1) * c, 0);
        score += (idf[i]! * (w * (K1 + 1))) / (w + K1 * (1 - B + (B * d.length) / avgLength));
      });
      found.push({ item: d.item, score });
    });
    return found;
  };
  return {
    scored,
    search: (terms) =>
      scored(terms)
        .sort((a, b) => b.score - a.score || tieBreak(a.item, b.item))
        .map((s) => s.item),
  };
}
