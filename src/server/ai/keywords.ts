// Key phrases: runs of nouns and proper nouns (with a leading adjective) found by parts of speech,
// counted per document, so a topic is what several articles (and several channels) talk about and
// keep repeating.
import type { Sentence } from './nlp';

export interface Phrase {
  /** Stems joined by spaces: the identity of the phrase. */
  key: string;
  /** As written most often. */
  text: string;
  proper: boolean;
}

/** Words too general to be a topic on their own. */
const GENERIC = new Set(
  'year years day days week weeks month months time times people thing things way ways part lot number percent company companies world news report reports story stories today new first last says said one two three use user users data work people'.split(
    ' ',
  ),
);

const NOUNISH = new Set(['NOUN', 'PROPN']);
/** Adjectives that do not narrow a phrase ("new battery" is just "battery"). */
const WEAK_ADJ = new Set('new old last first next other more most many several such own same big small large major latest recent top best key main'.split(' '));

/** The phrases of one sentence (one to three words). */
export function phrasesOf(s: Sentence): Phrase[] {
  const out: Phrase[] = [];
  let run: number[] = [];
  const flush = () => {
    // Trim to end on a noun; keep at most the last three words.
    while (run.length && !NOUNISH.has(s.pos[run[run.length - 1]!]!)) run.pop();
    const r = run.slice(-3);
    run = [];
    if (!r.length) return;
    if (r.length === 1 && (GENERIC.has(s.words[r[0]!]!) || s.pos[r[0]!] === 'NUM')) return;
    const words = r.map((i) => s.words[i]!);
    const proper = r.some((i) => s.pos[i] === 'PROPN');
    const raw = s.text;
    // Recover the written form (capitals) from the sentence for proper nouns.
    const shown = proper ? words.map((w) => casedIn(raw, w)).join(' ') : words.join(' ');
    out.push({ key: r.map((i) => s.terms[i]!).join(' '), text: shown, proper });
  };
  for (let i = 0; i < s.words.length; i++) {
    const pos = s.pos[i]!;
    const adjacent = run.length > 0 && s.slots[i]! === s.slots[run[run.length - 1]!]! + 1;
    if (run.length && !adjacent) flush();
    if (NOUNISH.has(pos) || (pos === 'ADJ' && run.length === 0 && !WEAK_ADJ.has(s.words[i]!))) run.push(i);
    else flush();
  }
  flush();
  return out;
}

function casedIn(text: string, lower: string): string {
  const at = text.toLowerCase().indexOf(lower);
  return at >= 0 ? text.slice(at, at + lower.length) : lower;
}

/** A phrase and every shorter run of its words ("battery recycling plants" also counts "battery"). */
function subPhrases(p: Phrase): Phrase[] {
  const keys = p.key.split(' ');
  const words = p.text.split(' ');
  if (keys.length !== words.length) return [p];
  const out: Phrase[] = [];
  for (let len = keys.length; len >= 1; len--)
    for (let i = 0; i + len <= keys.length; i++) {
      const text = words.slice(i, i + len).join(' ');
      if (len === 1 && GENERIC.has(text.toLowerCase())) continue;
      out.push({ key: keys.slice(i, i + len).join(' '), text, proper: p.proper && /\p{Lu}/u.test(text) });
    }
  return out;
}

export interface DocPhrases {
  /** Where the document came from (a channel), to count how widely a phrase is reported. */
  group: string;
  sentences: Sentence[];
}

export interface RankedPhrase extends Phrase {
  docs: number;
  groups: number;
  score: number;
}

/**
 * Phrases ranked by how many documents and groups mention them: a phrase in many articles from many
 * channels is a trend; longer and proper-noun phrases are preferred as they name something specific.
 */
export function rankPhrases(docs: DocPhrases[], opts: { minDocs?: number; limit?: number } = {}): RankedPhrase[] {
  const minDocs = opts.minDocs ?? 2;
  const seen = new Map<string, { texts: Map<string, number>; docs: number; mentions: number; groups: Set<string>; proper: boolean }>();
  for (const d of docs) {
    const inDoc = new Set<string>();
    for (const s of d.sentences)
      for (const p of phrasesOf(s).flatMap(subPhrases)) {
        let e = seen.get(p.key);
        if (!e) seen.set(p.key, (e = { texts: new Map(), docs: 0, mentions: 0, groups: new Set(), proper: p.proper }));
        e.mentions++;
        e.texts.set(p.text, (e.texts.get(p.text) ?? 0) + 1);
        if (inDoc.has(p.key)) continue;
        inDoc.add(p.key);
        e.docs++;
        e.groups.add(d.group);
      }
  }
  const ranked: RankedPhrase[] = [];
  for (const [key, e] of seen) {
    if (e.docs < minDocs) continue;
    const text = [...e.texts].sort((a, b) => b[1] - a[1])[0]![0];
    const length = key.split(' ').length;
    // Spread (documents, channels) first; then how often the documents repeat it; names beat common words.
    const score = e.docs * (1 + Math.log(e.groups.size)) * (1 + Math.log(e.mentions / e.docs)) * (length > 1 ? 1.6 : 1) * (e.proper ? 1.3 : 1);
    ranked.push({ key, text, proper: e.proper, docs: e.docs, groups: e.groups.size, score });
  }
  ranked.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  // A phrase inside a better-ranked longer one ("nvidia" under "nvidia chips") adds nothing.
  const kept: RankedPhrase[] = [];
  for (const p of ranked) {
    if (kept.some((k) => ` ${k.key} `.includes(` ${p.key} `) || ` ${p.key} `.includes(` ${k.key} `))) continue;
    kept.push(p);
    if (kept.length >= (opts.limit ?? 10)) break;
  }
  return kept;
}

/** The key phrases of one document, most frequent first (title counted double). */
export function documentPhrases(title: Sentence[], body: Sentence[], limit = 6): Phrase[] {
  const count = new Map<string, { p: Phrase; n: number }>();
  const add = (list: Sentence[], weight: number) => {
    for (const s of list)
      for (const p of phrasesOf(s)) {
        const e = count.get(p.key);
        if (e) e.n += weight;
        else count.set(p.key, { p, n: weight });
      }
  };
  add(title, 2);
  add(body, 1);
  return [...count.values()]
    .sort((a, b) => b.n - a.n || b.p.key.split(' ').length - a.p.key.split(' ').length)
    .slice(0, limit)
    .map((e) => e.p);
}
