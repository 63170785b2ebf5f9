// The built-in engine's writing: fixed templates filled only with the articles' own titles, sentences
// (chosen by TextRank) and key phrases. Template words frame; every statement of fact is a sentence
// of a source, cited [n]. It says what it is in the UI and never pretends to write like a model.
import { summarize } from './summarize';
import { sentencesOf } from './nlp';
import { documentPhrases, rankPhrases, type Phrase } from './keywords';
import type { AiArticle, AiKind } from '../../shared/schemas/ai';
import { SOCIAL_LIMITS } from '../../shared/schemas/ai';
import type { ArticleText } from './sources';

export interface Prepared {
  /** 1-based citation number. */
  n: number;
  article: AiArticle;
  text: ArticleText;
  sentences: string[];
  phrases: Phrase[];
}

/** Reads each source once: its best sentences and key phrases. */
export function prepare(list: { article: AiArticle; text: ArticleText }[], sentencesEach = 3): Prepared[] {
  return list.map(({ article, text }, i) => {
    const summary = summarize(text.text, { maxSentences: sentencesEach });
    const fallback = summary.sentences.length ? [] : sentencesOf(text.text).slice(0, 1);
    return {
      n: i + 1,
      article,
      text,
      sentences: [...summary.sentences, ...fallback].map((s) => s.text),
      phrases: documentPhrases(sentencesOf(article.title), sentencesOf(text.text.slice(0, 4000))),
    };
  });
}

const cite = (p: Prepared) => `[${p.n}]`;
/** "a, b and c" (also the wording of pick reasons). */
export const andList = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const stories = (k: number) => `${k} ${k === 1 ? 'story' : 'stories'}`;

function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** The phrases several sources share (or the first source's own), as the pieces' common theme. */
function themes(sources: Prepared[], limit = 3): string[] {
  const shared = rankPhrases(
    sources.map((s) => ({ group: s.article.source || String(s.n), sentences: sentencesOf(`${s.article.title}\n\n${s.sentences.join(' ')}`) })),
    { minDocs: sources.length > 1 ? 2 : 1, limit },
  );
  const words = shared.map((p) => p.text);
  const has = (w: string) => words.some((x) => x.toLowerCase() === w.toLowerCase());
  for (const s of sources) for (const p of s.phrases) if (words.length < limit && !has(p.text)) words.push(p.text);
  return words.slice(0, limit);
}

function publishers(sources: Prepared[]): string[] {
  return [...new Set(sources.map((s) => s.article.source).filter(Boolean))];
}

function sourceNames(sources: Prepared[]): string {
  const names = publishers(sources);
  return names.length > 4 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : andList(names);
}

/** 'reports' for one publisher, 'report' for several. */
const verb = (sources: Prepared[], one: string, many: string) => (publishers(sources).length <= 1 ? one : many);

/** An issue intro: the stories by title, then the lead stories' key sentences. */
export function writeIntro(sources: Prepared[], opts: { newsletterName?: string } = {}): string {
  const top = sources.slice(0, 3);
  const name = opts.newsletterName?.trim();
  const lines = [
    `${name ? `In this issue of ${name}` : 'In this issue'}: ${andList(top.map((s) => `“${s.article.title}” ${cite(s)}`))}${sources.length > 3 ? `, and ${stories(sources.length - 3)} more` : ''}.`,
  ];
  for (const s of top.slice(0, 2)) if (s.sentences[0]) lines.push(`${s.sentences[0]} ${cite(s)}`);
  return lines.join(' ');
}

/** Three subject lines: the lead story, the shared themes, and the count with two titles. */
export function writeSubjects(sources: Prepared[]): { text: string; basedOn: number[] }[] {
  const [a, b] = sources;
  const out: { text: string; basedOn: number[] }[] = [];
  if (a) out.push({ text: clip(a.article.title, 70), basedOn: [a.n] });
  const t = themes(sources, 3);
  if (t.length >= 2) out.push({ text: clip(`${t.map(upperFirst).join(', ')} and more`, 70), basedOn: sources.map((s) => s.n) });
  if (a && b) out.push({ text: clip(`${stories(sources.length)}: ${clip(a.article.title, 30)} + ${clip(b.article.title, 30)}`, 78), basedOn: [a.n, b.n] });
  else if (a?.sentences[0]) out.push({ text: clip(a.sentences[0], 70), basedOn: [a.n] });
  return out.filter((s, i) => out.findIndex((o) => o.text === s.text) === i).slice(0, 3);
}

function newsletter(sources: Prepared[]): string {
  const parts = [writeIntro(sources), ''];
  for (const s of sources) {
    parts.push(`### ${s.article.title} ${cite(s)}`, s.sentences.map((x) => `${x} ${cite(s)}`).join(' '), `Read more: ${s.article.url}`, '');
  }
  return parts.join('\n').trim();
}

function blog(sources: Prepared[], topic: string): string {
  const t = themes(sources, 2);
  const subject = topic || t[0] || sources[0]!.article.title;
  const title = `# ${upperFirst(subject)}: what ${sources.length === 1 ? 'one source reports' : `${sources.length} sources report`}`;
  const parts = [
    title,
    '',
    `This post gathers what ${sourceNames(sources)} ${verb(sources, 'reports', 'report')}${topic ? ` on ${topic}` : t.length ? ` on ${andList(t)}` : ''}, in ${verb(sources, 'its', 'their')} own words.`,
    '',
  ];
  for (const s of sources) {
    parts.push(
      `## ${s.article.title}`,
      '',
      s.sentences.map((x) => `${x} ${cite(s)}`).join(' '),
      '',
      `Source: ${s.article.source || 'the original article'}, ${s.article.url}`,
      '',
    );
  }
  return parts.join('\n').trim();
}

function social(sources: Prepared[], topic: string): string {
  const a = sources[0]!;
  // X counts every link as 23 characters.
  const room = SOCIAL_LIMITS.x - 23 - 2;
  const lead =
    a.sentences[0] && a.sentences[0].length + a.article.title.length + 3 <= room ? `${a.article.title}: ${a.sentences[0]}` : clip(a.article.title, room);
  const x = `${lead} ${cite(a)}\n${a.article.url}`;
  const t = themes(sources, 3);
  const li = [`${topic ? `${upperFirst(topic)}: ` : ''}${stories(sources.length)} worth your time${t.length ? ` on ${andList(t)}` : ''}.`, ''];
  let length = li.join('\n').length;
  for (const s of sources) {
    const item = [`• ${s.article.title} ${cite(s)}`, s.sentences[0] ? `${s.sentences[0]} ${cite(s)}` : '', s.article.url, ''].filter((l, i) => i !== 1 || l);
    const add = item.join('\n').length + 1;
    if (length + add > SOCIAL_LIMITS.linkedin) break;
    li.push(...item);
    length += add;
  }
  return ['## X (280 characters)', '', x, '', '## LinkedIn', '', li.join('\n').trim()].join('\n');
}

function email(sources: Prepared[], topic: string): string {
  const [subject] = writeSubjects(sources);
  const a = sources[0]!;
  const parts = [
    `Subject: ${subject?.text ?? a.article.title}`,
    `Preview: ${clip(a.sentences[0] ?? a.article.title, 110)}`,
    '',
    'Hi,',
    '',
    `${topic ? `Here is the latest on ${topic}` : 'Here is what is new'}: ${stories(sources.length)} from ${sourceNames(sources)}.`,
    '',
  ];
  for (const s of sources.slice(0, 5))
    parts.push(
      `**${s.article.title}** ${cite(s)}`,
      s.sentences
        .slice(0, 2)
        .map((x) => `${x} ${cite(s)}`)
        .join(' '),
      `Read it: ${s.article.url}`,
      '',
    );
  parts.push('Thanks for reading.');
  return parts.join('\n');
}

function product(sources: Prepared[], topic: string): string {
  const t = themes(sources, 4);
  const name = topic || t[0] || sources[0]!.article.title;
  const parts = [`# ${upperFirst(name)}`, '', `What ${sourceNames(sources)} ${verb(sources, 'says', 'say')} about it:`, ''];
  for (const s of sources) for (const x of s.sentences.slice(0, 2)) parts.push(`- ${x} ${cite(s)}`);
  if (t.length > 1) parts.push('', `Key points: ${andList(t)}.`);
  parts.push('', 'The built-in engine does not write marketing claims: every line above is a sentence of a cited source.');
  return parts.join('\n');
}

const WRITERS: Record<AiKind, (sources: Prepared[], topic: string) => string> = { newsletter, blog, social, email, product };

/** The whole piece of the given kind. */
export function writeBuiltin(kind: AiKind, sources: Prepared[], topic: string): string {
  return WRITERS[kind](sources, topic.trim());
}

/** Up to `limit` trending topics: phrases that several articles from several channels share. */
export function trendingTopics(articles: { title: string; summary: string; source: string }[], limit = 8) {
  const docs = articles.map((a) => ({ group: a.source, sentences: sentencesOf(`${a.title}\n\n${a.summary}`) }));
  return rankPhrases(docs, { minDocs: 2, limit }).map((p) => ({ topic: p.text, articles: p.docs, channels: p.groups }));
}
