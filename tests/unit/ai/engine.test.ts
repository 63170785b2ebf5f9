// The built-in engine on fixture articles: summaries are sentences of the source at their exact
// offsets, citations name the right article, ranking puts topical articles first.
import { describe, expect, it } from 'vitest';
import { summarize } from '../../../src/server/ai/summarize';
import { sentencesOf } from '../../../src/server/ai/nlp';
import { rankArticles } from '../../../src/server/ai/rank';
import { prepare, writeBuiltin, writeIntro, writeSubjects, trendingTopics } from '../../../src/server/ai/builtin';
import { citedPieces } from '../../../src/shared/schemas/ai';
import { FIXTURES, longArticle } from '../../fixtures/ai/articles';

const asArticle = (f: (typeof FIXTURES)[number]) => ({
  id: f.id,
  title: f.title,
  url: f.url,
  source: f.source,
  channelUrl: `https://${f.source}/feed`,
  summary: f.body.slice(0, 200),
});

describe('sentences', () => {
  it('splits text into sentences whose offsets give back the exact text', () => {
    const text = longArticle();
    const list = sentencesOf(text);
    expect(list.length).toBeGreaterThan(30);
    for (const s of list) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it('never joins a heading to the next paragraph', () => {
    const list = sentencesOf('Battery news\n\nRecyclers recover lithium from old cells. Prices fell.');
    expect(list.map((s) => s.text)).toEqual(['Battery news', 'Recyclers recover lithium from old cells.', 'Prices fell.']);
  });
});

describe('summaries', () => {
  it('returns sentences of the source, in its order, at their offsets', () => {
    for (const f of FIXTURES) {
      const { sentences } = summarize(f.body);
      expect(sentences.length).toBeGreaterThan(0);
      let last = -1;
      for (const s of sentences) {
        expect(f.body.slice(s.start, s.end)).toBe(s.text);
        expect(s.start).toBeGreaterThan(last);
        last = s.start;
      }
    }
  });

  it('leaves out feed boilerplate and keeps to the budget', () => {
    const { sentences } = summarize(FIXTURES[0]!.body, { maxSentences: 5, maxChars: 2000 });
    expect(sentences.some((s) => /appeared first/.test(s.text))).toBe(false);
    const short = summarize(FIXTURES[3]!.body, { maxSentences: 5, maxChars: 2000 });
    expect(short.sentences.some((s) => /^Read more/.test(s.text))).toBe(false);
    const long = summarize(longArticle(), { maxSentences: 3, maxChars: 520 });
    expect(long.sentences.length).toBeLessThanOrEqual(3);
    expect(long.sentences.reduce((n, s) => n + s.text.length, 0)).toBeLessThanOrEqual(520);
  });

  it('picks the sentences the article keeps coming back to', () => {
    // The recycling article's central sentences talk about recycling and metals, not Hamburg's plant size.
    const { sentences } = summarize(FIXTURES[0]!.body, { maxSentences: 2 });
    expect(sentences.every((s) => /recycl/i.test(s.text))).toBe(true);
  });
});

describe('writing with citations', () => {
  const prepared = prepare(FIXTURES.map((f) => ({ article: asArticle(f), text: { text: f.body, basis: 'full' as const } })));

  it('cites each sentence with the article it came from', () => {
    for (const kind of ['newsletter', 'blog', 'email', 'product', 'social'] as const) {
      const out = writeBuiltin(kind, prepared, 'battery recycling');
      for (const piece of citedPieces(out)) {
        for (const n of piece.cites) {
          expect(n).toBeGreaterThanOrEqual(1);
          expect(n).toBeLessThanOrEqual(FIXTURES.length);
          // What stands right before a mark is a sentence of the cited source or its title (quoted or as a heading).
          const source = FIXTURES[n - 1]!;
          const line = piece.text
            .split('\n')
            .pop()!
            .replace(/^[#*•\-\s]+|\*+$/g, '')
            .trim();
          const last = sentencesOf(line).pop()!.text;
          const quoted = line.match(/“([^”]+)”$/)?.[1];
          expect(
            [line, last, quoted].some(
              (s) => !!s && (source.body.includes(s) || s === source.title || s.endsWith(`${source.title}: ${source.body.split('\n')[0]}`)),
            ),
            `${kind}: ${line}`,
          ).toBe(true);
        }
      }
    }
  });

  it('writes an intro that names the stories and quotes their lead sentences', () => {
    const intro = writeIntro(prepared.slice(0, 2), { newsletterName: 'Grid Notes' });
    expect(intro.startsWith('In this issue of Grid Notes: “Battery recycling plants expand as lithium prices fall” [1] and “New EU rules')).toBe(true);
    expect(intro).toContain(`${prepared[0]!.sentences[0]} [1]`);
  });

  it('suggests three different subject lines based on the sources', () => {
    const subjects = writeSubjects(prepared);
    expect(subjects).toHaveLength(3);
    expect(new Set(subjects.map((s) => s.text)).size).toBe(3);
    expect(subjects[0]).toEqual({ text: 'Battery recycling plants expand as lithium prices fall', basedOn: [1] });
    for (const s of subjects) expect(s.text.length).toBeLessThanOrEqual(80);
  });

  it('keeps the X post within 280 characters (links count 23)', () => {
    const out = writeBuiltin('social', prepared, '');
    const x = out.split('## LinkedIn')[0]!.replace('## X (280 characters)', '').trim();
    const counted = x.replace(/https?:\/\/\S+/g, 'x'.repeat(23));
    expect(counted.length).toBeLessThanOrEqual(280);
    expect(x).toContain(FIXTURES[0]!.url);
  });

  it('finds the topics several channels share', () => {
    const topics = trendingTopics(FIXTURES.map((f) => ({ title: f.title, summary: f.body, source: f.source })));
    expect(topics[0]!.topic.toLowerCase()).toMatch(/batter|recycl|lithium/);
    expect(topics[0]!.channels).toBe(2);
  });
});

describe('ranking', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const list = FIXTURES.map((f, i) => ({ ...asArticle(f), publishDate: new Date(now.getTime() - i * 3_600_000).toISOString() }));

  it('puts articles on the topic first, with the reason', () => {
    const { picks } = rankArticles(list, { topic: 'battery recycling', count: 2, now });
    expect(picks.map((p) => p.id).sort()).toEqual(['bat-1', 'bat-2']);
    expect(picks[0]!.reason).toMatch(/^Matches your topic: /);
  });

  it('ranks by the newsletter name when no topic is given', () => {
    const { picks } = rankArticles(list, { topic: '', newsletterName: 'Sourdough Weekly', count: 1, now });
    expect(picks[0]!.id).toBe('bake-1');
  });

  it('never picks an article an earlier issue sent, and says why', () => {
    const used = [{ url: 'https://grid.example/battery-recycling-expands?utm_source=x', title: FIXTURES[0]!.title, issue: 'Issue 1' }];
    const { picks, all } = rankArticles(list, { topic: 'battery recycling', count: 3, now, used });
    expect(picks.map((p) => p.id)).not.toContain('bat-1');
    expect(all.get('bat-1')!.usedIn).toBe('Issue 1');
    expect(all.get('bat-1')!.reason).toContain('Already sent in “Issue 1”');
  });
});
