// Extractive summaries by TextRank: sentences are the nodes of a graph weighted by the content words
// they share, PageRank finds the ones the article keeps coming back to, and the best are returned in
// the article's own order with their exact offsets. Nothing is written that the article does not say.
import { sentencesOf, type Sentence } from './nlp';

export interface SummarySentence {
  text: string;
  start: number;
  end: number;
}

export interface Summary {
  sentences: SummarySentence[];
  sentenceCount: number;
}

/** Lines feeds append to articles that are not part of the story. */
const BOILERPLATE = [
  /\bappeared first on\b/i,
  /^(continue|keep) reading\b/i,
  /^read (more|the full)\b/i,
  /\b(subscribe|sign up) (to|for) (our|the)\b/i,
  /^(photo|image|credit|source)s?:/i,
  /\ball rights reserved\b/i,
  /^(share|tweet|follow us)\b/i,
  /\bclick here\b/i,
];

const MIN_WORDS = 6;
const MAX_WORDS = 60;

function usable(s: Sentence): boolean {
  if (s.wordCount < MIN_WORDS || s.wordCount > MAX_WORDS) return false;
  if (!/[.!?…"”’)]$/.test(s.text)) return false; // headings, captions and cut-off lines
  return !BOILERPLATE.some((re) => re.test(s.text));
}

/** TextRank's similarity: shared words over the log of the sentences' lengths. */
function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size < 2 || b.size < 2) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared === 0 ? 0 : shared / (Math.log(a.size) + Math.log(b.size));
}

/** PageRank over a weighted, undirected graph given as a dense matrix. */
export function pageRank(weights: number[][], damping = 0.85, iterations = 40): number[] {
  const n = weights.length;
  const out = weights.map((row) => row.reduce((s, w) => s + w, 0));
  let rank = new Array<number>(n).fill(1 / n);
  for (let it = 0; it < iterations; it++) {
    const next = new Array<number>(n).fill((1 - damping) / n);
    for (let j = 0; j < n; j++) {
      if (out[j] === 0) continue;
      const share = (damping * rank[j]!) / out[j]!;
      const row = weights[j]!;
      for (let i = 0; i < n; i++) if (row[i]) next[i]! += share * row[i]!;
    }
    let delta = 0;
    for (let i = 0; i < n; i++) delta += Math.abs(next[i]! - rank[i]!);
    rank = next;
    if (delta < 1e-6) break;
  }
  return rank;
}

/**
 * The `maxSentences` most central sentences of `text` within about `maxChars`, in their original order.
 * A short text (a teaser) gives back what it has; the lead sentence gets a small bonus, as news puts
 * the point first.
 */
export function summarize(text: string, opts: { maxSentences?: number; maxChars?: number } = {}): Summary {
  const maxSentences = opts.maxSentences ?? 3;
  const maxChars = opts.maxChars ?? 520;
  const all = sentencesOf(text);
  const candidates = all.filter(usable);
  if (!candidates.length) return { sentences: [], sentenceCount: all.length };
  const sets = candidates.map((s) => new Set(s.terms));
  const n = candidates.length;
  const weights = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const w = similarity(sets[i]!, sets[j]!);
      weights[i]![j] = w;
      weights[j]![i] = w;
    }
  const rank = pageRank(weights);
  const first = candidates[0]!.start;
  const scored = candidates.map((s, i) => ({ s, i, score: rank[i]! * (s.start === first ? 1.25 : 1) }));
  scored.sort((a, b) => b.score - a.score || a.i - b.i);
  const chosen: typeof scored = [];
  let chars = 0;
  for (const c of scored) {
    if (chosen.length >= maxSentences) break;
    if (chosen.length && chars + c.s.text.length > maxChars) continue;
    // Two sentences saying nearly the same thing: keep the better one.
    if (chosen.some((k) => similarity(sets[k.i]!, sets[c.i]!) > 1.2)) continue;
    chosen.push(c);
    chars += c.s.text.length;
  }
  chosen.sort((a, b) => a.s.start - b.s.start);
  return { sentences: chosen.map(({ s }) => ({ text: s.text, start: s.start, end: s.end })), sentenceCount: all.length };
}
