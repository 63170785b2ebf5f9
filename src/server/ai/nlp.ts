// The built-in engine's reading of English text through wink-nlp (tokens, sentences, parts of speech,
// stems): sentences with their exact character offsets and the content words each one carries.
// The language model loads on first use (about 130 ms, 30 MB), never at start-up.
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

type Nlp = ReturnType<typeof winkNLP>;
let nlp: Nlp | null = null;

function engine(): Nlp {
  // Sentence boundaries and parts of speech only: no entities, negation or sentiment to compute.
  nlp ??= winkNLP(model, ['sbd', 'pos']);
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
  let paragraph = 0;
  // Paragraphs are read one by one: a heading without a full stop must not join the next paragraph.
  const re = /[^\n]+(?:\n(?!\s*\n)[^\n]*)*/g;
  for (const m of text.matchAll(re)) {
    const para = m[0];
    const base = m.index ?? 0;
    if (!para.trim()) continue;
    const doc = nlp.readDoc(para);
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
    for (const [first, last] of spans) {
      const start = starts[first]!;
      const end = starts[last]! + values[last]!.length;
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
        slots.push(i);
      }
      out.push({ text: para.slice(start, end), start: base + start, end: base + end, terms, words, pos: tags, slots, wordCount, paragraph });
    }
    paragraph++;
  }
  return out;
}

/** Content-word stems of a short text (a title, a topic, a summary), in order. */
export function termsOf(text: string): string[] {
  return sentencesOf(text).flatMap((s) => s.terms);
}
