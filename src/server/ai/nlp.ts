// The built-in engine's reading of English text through wink-nlp (tokens, sentences, parts of speech,
// stems): sentences with their exact character offsets and the content words each one carries.
// The language model loads on first use (about 130 ms, 30 MB), never at start-up.
import { createRequire } from 'node:module';
import type WinkNLP from 'wink-nlp';
import type Model from 'wink-eng-lite-web-model';

type Nlp = ReturnType<typeof WinkNLP>;
let nlp: Nlp | null = null;
// Required on first use, not imported: the model is 4 MB of JavaScript that a server which never
// summarises should not hold in memory.
const requireLazily = createRequire(import.meta.url);

function engine(): Nlp {
  if (!nlp) {
    const winkNLP = requireLazily('wink-nlp') as typeof WinkNLP;
    const model = requireLazily('wink-eng-lite-web-model') as typeof Model;
    // Sentence boundaries and parts of speech only: no entities, negation or sentiment to compute.
    nlp = winkNLP(model, ['sbd', 'pos']);
  }
  return nlp;
}

/** Parts of speech that carry meaning for similarity and keywords. */
const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM']);

export interface Sentence {
  text: string;
  /** Offsets into the analysed text: text.slice(start, end) === sentence text. */
  start: number;
  end: number;
  /** Stems of the sentence's content words (lower case, stop words left out). */
  terms: string[];
  /** Content words as written, lower-cased, parallel to `terms`. */
  words: string[];
  /** Parts of speech of `words`. */
  pos: string[];
  /** Token positions of `words` in the sentence (adjacent words differ by one). */
  slots: number[];
  /** Number of word tokens (punctuation left out). */
  wordCount: number;
  /** Index of the paragraph the sentence is in. */
  paragraph: number;
}

const WORDLIKE = /[\p{L}\p{N}]/u;

/** Splits text into sentences (never across a blank line) with offsets and content-word stems. */
export function sentencesOf(text: string): Sentence[] {
  const nlp = engine();
  const its = nlp.its;
  const out: Sentence[] = [];
  // One reading of the whole text: wink-nlp ends a sentence at a blank line, so a heading without a
  // full stop never joins the next paragraph; a sentence that still spans one is cut there.
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out() as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const stems = doc.tokens().out(its.stem as unknown as typeof its.normal) as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const stop = doc.tokens().out(its.stopWordFlag) as boolean[];
  const starts: number[] = [];
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    at += spaces[i]!.length;
    starts.push(at);
    at += values[i]!.length;
  }
  const spans = doc.sentences().out(its.span) as unknown as [number, number][];
  let paragraph = 0;
  let prevEnd = 0;
  const push = (first: number, last: number) => {
    const start = starts[first]!;
    const end = starts[last]! + values[last]!.length;
    if (/\n\s*\n/.test(text.slice(prevEnd, start))) paragraph++;
    prevEnd = end;
    const terms: string[] = [];
    const words: string[] = [];
    const tags: string[] = [];
    const slots: number[] = [];
    let wordCount = 0;
    for (let i = first; i <= last; i++) {
      const v = values[i]!;
      if (!WORDLIKE.test(v)) continue;
      wordCount++;
      if (stop[i] || !CONTENT_POS.has(pos[i]!) || v.length < 2) continue;
      terms.push(stems[i]!.toLowerCase());
      words.push(v.toLowerCase());
      tags.push(pos[i]!);
      slots.push(i - first);
    }
    out.push({ text: text.slice(start, end), start, end, terms, words, pos: tags, slots, wordCount, paragraph });
  };
  // Line breaks are tokens of their own: a blank line ends a sentence, and no sentence starts or ends
  // with whitespace.
  const blank = (i: number) => /^\s+$/.test(values[i]!);
  const emit = (first: number, last: number) => {
    while (first <= last && blank(first)) first++;
    while (last >= first && blank(last)) last--;
    if (first <= last) push(first, last);
  };
  for (const [first, last] of spans) {
    let from = first;
    for (let i = first; i <= last; i++)
      if (/\n\s*\n/.test(spaces[i]!) || (blank(i) && /\n\s*\n/.test(values[i]!))) {
        emit(from, i - 1);
        from = i;
      }
    emit(from, last);
  }
  return out;
}

/**
 * Many short texts (titles and summaries of a whole article list) in one reading: much cheaper than
 * one reading each. Returns each text's sentences with offsets into that text.
 */
export function sentencesOfMany(texts: string[]): Sentence[][] {
  const SEP = '\n\n\n';
  const bases: number[] = [];
  let at = 0;
  for (const t of texts) {
    bases.push(at);
    at += t.length + SEP.length;
  }
  const all = sentencesOf(texts.join(SEP));
  const out: Sentence[][] = texts.map(() => []);
  let k = 0;
  let firstParagraph = 0;
  for (const s of all) {
    while (k + 1 < texts.length && s.start >= bases[k + 1]!) {
      k++;
      firstParagraph = s.paragraph;
    }
    const base = bases[k]!;
    out[k]!.push({ ...s, start: s.start - base, end: s.end - base, paragraph: s.paragraph - firstParagraph });
  }
  return out;
}
