// Ranking articles for an issue: relevance to the publication's topic (BM25 over titles and summaries),
// how widely a story is reported in the list, freshness, and novelty against the articles earlier
// issues carried; picks are made one by one so they do not repeat each other (maximal marginal
// relevance). Relevance comes first: articles that mention the topic are picked before any that do
// not, and the other signals only order articles within those two groups. Every pick comes with the
// reasons that put it there, phrased as what the article has (`reasonsFor`), never as what it lacks.
import { sentencesOf, sentencesOfMany } from './nlp';
import { andList } from './builtin';
import { canonicalLink } from '../feeds/normalize';

export interface RankInput {
  id: string;
  title: string;
  summary: string;
  url: string;
  source: string;
  publishDate?: string;
}

export interface UsedArticle {
  url: string;
  title: string;
  issue: string;
}

export interface Ranked {
  id: string;
  /**
   * Higher is better, consistent with the pick order: with a topic, articles that mention it score
   * above 0.5 and the others at most 0.5.
   */
  score: number;
  /** Mentions a word of the topic (always true when there is no topic). */
  onTopic: boolean;
  reason: string;
  /** Set when the same link went out in an earlier issue. */
  usedIn: string | null;
}

/** Words of a newsletter's name that say nothing about its subject. */
const NAME_NOISE = new Set([
  'newsletter',
  'weekly',
  'daily',
  'monthly',
  'digest',
  'issue',
  'roundup',
  'news',
  'update',
  'brief',
  'edition',
  'letter',
  'bulletin',
]);

interface Doc {
  a: RankInput;
  tf: Map<string, number>;
  len: number;
  /** A written form of each stem, to name matched words in reasons. */
  shown: Map<string, string>;
  norm: number;
  time: number;
}

/** Term frequencies of each text (title counted double); all read in one pass of the tokenizer. */
function analyseAll(list: { title: string; summary: string }[]): Omit<Doc, 'a' | 'time'>[] {
  const texts = list.map((a) => `${a.title.replace(/\s+/g, ' ')}\n\n${a.summary.slice(0, 1500).replace(/\n\s*\n/g, '\n')}`);
  return sentencesOfMany(texts).map((sentences) => {
    const tf = new Map<string, number>();
    const shown = new Map<string, string>();
    let len = 0;
    for (const s of sentences) {
      const weight = s.paragraph === 0 ? 2 : 1;
      s.terms.forEach((t, i) => {
        tf.set(t, (tf.get(t) ?? 0) + weight);
        if (!shown.has(t)) shown.set(t, s.words[i]!);
        len += weight;
      });
    }
    let sq = 0;
    for (const v of tf.values()) sq += v * v;
    return { tf, len, shown, norm: Math.sqrt(sq) };
  });
}

/** A term-frequency vector as sorted term ids and weights, for fast dot products. */
interface Sparse {
  ids: Int32Array;
  weights: Float64Array;
  norm: number;
}

export function sparse(tf: Map<string, number>, norm: number, termIds: Map<string, number>): Sparse {
  const entries = [...tf].map(([t, w]) => {
    let id = termIds.get(t);
    if (id === undefined) termIds.set(t, (id = termIds.size));
    return [id, w] as const;
  });
  entries.sort((x, y) => x[0] - y[0]);
  return { ids: Int32Array.from(entries, (e) => e[0]), weights: Float64Array.from(entries, (e) => e[1]), norm };
}

function cosine(a: Sparse, b: Sparse): number {
  if (!a.norm || !b.norm) return 0;
  let dot = 0;
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const x = a.ids[i]!;
    const y = b.ids[j]!;
    if (x === y) dot += a.weights[i++]! * b.weights[j++]!;
    else if (x < y) i++;
    else j++;
  }
  return dot / (a.norm * b.norm);
}

function ago(ms: number): string {
  const h = Math.round(ms / 3_600_000);
  if (h < 1) return 'within the hour';
  if (h < 48) return `${h} hour${h === 1 ? '' : 's'} ago`;
  return `${Math.round(h / 24)} days ago`;
}

const DAY_MS = 24 * 3_600_000;

/** The ranking signals of one article, as its reasons read them. */
export interface ReasonSignals {
  /** Topic words it mentions (as written in it). */
  matched: string[];
  /** Distinct sources telling its story, itself included. */
  sources: number;
  /** Other articles in the list telling its story. */
  echoes: number;
  /** How long ago it was published; null when the feed gave no date. */
  ageMs: number | null;
  source: string;
  usedIn: string | null;
  /** An earlier issue that carried a close story. */
  closestIssue: string | null;
  /** Whether earlier issues were there to compare with. */
  comparedWithEarlier: boolean;
}

/**
 * Why an article was chosen, from the signals that rank it: its topic words, how widely it is covered,
 * its freshness, its novelty against earlier issues. Each reason says what the article has, never what
 * it lacks; one with none of them says something true and neutral ("Recent story from …").
 */
export function reasonsFor(s: ReasonSignals): string[] {
  const from = s.source || 'its channel';
  if (s.usedIn) return [`Already sent in “${s.usedIn}”`];
  const reasons: string[] = [];
  if (s.matched.length) reasons.push(`Matches your topic: ${andList(s.matched.slice(0, 3))}`);
  if (s.sources >= 2 && s.echoes >= 1) reasons.push(`Widely covered: ${s.sources} sources`);
  else if (s.echoes >= 2) reasons.push(`Followed closely: ${s.echoes + 1} articles tell this story`);
  if (s.ageMs !== null && s.ageMs < 2 * DAY_MS) reasons.push(`Fresh: published ${ago(s.ageMs)}`);
  if (s.closestIssue) reasons.push(`Follows a story in “${s.closestIssue}”`);
  else if (s.comparedWithEarlier) reasons.push('New to your readers');
  if (reasons.length) return reasons;
  if (s.ageMs === null) return [`Story from ${from}`];
  if (s.ageMs < 7 * DAY_MS) return [`Recent story from ${from}`];
  return [`Story from ${from}, published ${ago(s.ageMs)}`];
}

export interface RankOptions {
  topic: string;
  newsletterName?: string;
  used?: UsedArticle[];
  count: number;
  now: Date;
}

/** The topic words the ranking uses: the topic as typed, plus the meaningful words of the name. */
export function topicTerms(topic: string, newsletterName = ''): { terms: string[]; shown: string[] } {
  const terms: string[] = [];
  const shown: string[] = [];
  for (const text of [topic, newsletterName])
    for (const s of sentencesOf(text))
      s.terms.forEach((t, i) => {
        if (NAME_NOISE.has(s.words[i]!) || terms.includes(t)) return;
        terms.push(t);
        shown.push(s.words[i]!);
      });
  return { terms, shown };
}

/** The candidates as documents: their term frequencies, and their time (now when undated, never later than now). */
export function docsOf(candidates: RankInput[], now: number): Doc[] {
  const read = analyseAll(candidates);
  return candidates.map((a, i) => {
    const t = a.publishDate ? Date.parse(a.publishDate) : NaN;
    return { a, ...read[i]!, time: Number.isNaN(t) ? now : Math.min(t, now) };
  });
}

/** BM25 of the topic's words against each document, with the words it matched (as written in it). */
export function bm25(docs: readonly Pick<Doc, 'tf' | 'len' | 'shown'>[], terms: readonly string[]): { score: number; matched: string[] }[] {
  const n = docs.length || 1;
  const avgLen = docs.reduce((s, d) => s + d.len, 0) / n || 1;
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log(1 + (n - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));
  const k1 = 1.2;
  const b = 0.75;
  return docs.map((d) => {
    let score = 0;
    const matched: string[] = [];
    for (const t of terms) {
      const f = d.tf.get(t);
      if (!f) continue;
      score += idf(t) * ((f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.len) / avgLen)));
      matched.push(d.shown.get(t) ?? t);
    }
    return { score, matched };
  });
}

/** For each document, the others that tell the same story (a rough measure of what everyone is reporting). */
export function echoesOf(vectors: readonly Sparse[]): number[][] {
  const sim: number[][] = vectors.map(() => []);
  for (let i = 0; i < vectors.length; i++)
    for (let j = i + 1; j < vectors.length; j++) {
      if (cosine(vectors[i]!, vectors[j]!) > 0.25) {
        sim[i]!.push(j);
        sim[j]!.push(i);
      }
    }
  return sim;
}

export interface Signals {
  docs: Doc[];
  vectors: Sparse[];
  relevance: { score: number; matched: string[] }[];
  echoes: number[][];
  usedLinks: Map<string, string>;
  usedDocs: { u: UsedArticle; v: Sparse }[];
  hasTopic: boolean;
  now: number;
}

/**
 * Each document's score from its signals (relevance, echoes, freshness, its likeness to earlier issues),
 * with its reasons; a link that went out in an earlier issue scores 0.
 */
export function scored(s: Signals): Ranked[] {
  const { docs, vectors, relevance, echoes, now } = s;
  const maxRel = Math.max(0, ...relevance.map((r) => r.score)) || 1;
  const maxEcho = Math.max(1, ...echoes.map((e) => e.length));
  return docs.map((d, i) => {
    const rel = relevance[i]!.score / maxRel;
    const echo = echoes[i]!.length / maxEcho;
    const fresh = Math.pow(0.5, (now - d.time) / (72 * 3_600_000));
    const usedIn = s.usedLinks.get(canonicalLink(d.a.url)) ?? null;
    let closest = 0;
    let closestIssue = '';
    for (const u of s.usedDocs) {
      const c = cosine(vectors[i]!, u.v);
      if (c > closest) [closest, closestIssue] = [c, u.u.issue];
    }
    const onTopic = !s.hasTopic || relevance[i]!.matched.length > 0;
    // Within its group; the group itself decides first (see the score's doc).
    const within = (s.hasTopic && onTopic ? 0.55 * rel + 0.2 * echo + 0.25 * fresh : 0.5 * echo + 0.5 * fresh) * (1 - 0.6 * Math.min(1, closest));
    const score = s.hasTopic ? (onTopic ? 0.5 + 0.5 * within : 0.5 * within) : within;
    const reasons = reasonsFor({
      matched: relevance[i]!.matched,
      sources: new Set([d.a.source, ...echoes[i]!.map((j) => docs[j]!.a.source)].filter(Boolean)).size,
      echoes: echoes[i]!.length,
      ageMs: d.time < now ? now - d.time : null,
      source: d.a.source,
      usedIn,
      closestIssue: closest > 0.5 ? closestIssue : null,
      comparedWithEarlier: s.usedDocs.length > 0,
    });
    return { id: d.a.id, score: usedIn ? 0 : score, onTopic, reason: reasons.join(' · '), usedIn };
  });
}

/**
 * Maximal marginal relevance: each pick is the best score minus its likeness to what is picked (and a
 * little for a source already picked). The penalties could sink a topical article below an off-topic
 * one, so off-topic articles only compete once no topical one is left. Used links are never picked.
 */
export function pickDiverse(sources: readonly string[], base: readonly Ranked[], vectors: readonly Sparse[], count: number): Ranked[] {
  const picks: Ranked[] = [];
  const taken = new Set<number>();
  const picked = new Map<string, number>();
  const open = (i: number) => !taken.has(i) && !base[i]!.usedIn;
  while (picks.length < Math.min(count, base.length)) {
    const topicalLeft = base.some((r, i) => r.onTopic && open(i));
    let best = -1;
    let bestValue = -Infinity;
    for (let i = 0; i < base.length; i++) {
      if (!open(i) || (topicalLeft && !base[i]!.onTopic)) continue;
      let overlap = 0;
      for (const k of taken) overlap = Math.max(overlap, cosine(vectors[i]!, vectors[k]!));
      const value = base[i]!.score - 0.5 * overlap - 0.08 * (picked.get(sources[i]!) ?? 0);
      if (value > bestValue) [best, bestValue] = [i, value];
    }
    if (best < 0) break;
    const source = sources[best]!;
    // The variety term chose among the rest: a source the picks did not have yet is said so.
    const adds = picks.length > 0 && source && !picked.has(source) && !base[best]!.reason.includes(source);
    taken.add(best);
    picked.set(source, (picked.get(source) ?? 0) + 1);
    picks.push(adds ? { ...base[best]!, reason: `${base[best]!.reason} · Adds a source to the issue: ${source}` } : base[best]!);
  }
  return picks;
}

/**
 * Scores every candidate and returns the best `count`, in pick order, each with its reasons. Articles
 * whose link went out in an earlier issue are never picked.
 */
export function rankArticles(candidates: RankInput[], opts: RankOptions): { picks: Ranked[]; all: Map<string, Ranked>; topic: string[] } {
  const now = opts.now.getTime();
  const docs = docsOf(candidates, now);
  const topic = topicTerms(opts.topic, opts.newsletterName);
  const used = opts.used ?? [];
  const termIds = new Map<string, number>();
  const vectors = docs.map((d) => sparse(d.tf, d.norm, termIds));
  const usedRead = analyseAll(used.map((u) => ({ title: u.title, summary: '' })));
  const base = scored({
    docs,
    vectors,
    relevance: bm25(docs, topic.terms),
    echoes: echoesOf(vectors),
    usedLinks: new Map(used.map((u) => [canonicalLink(u.url), u.issue])),
    usedDocs: used.map((u, i) => ({ u, v: sparse(usedRead[i]!.tf, usedRead[i]!.norm, termIds) })),
    hasTopic: topic.terms.length > 0,
    now,
  });
  const picks = pickDiverse(
    docs.map((d) => d.a.source),
    base,
    vectors,
    opts.count,
  );
  return { picks, all: new Map(base.map((r) => [r.id, r])), topic: topic.shown };
}
