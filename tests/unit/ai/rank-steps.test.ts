// The ranking's steps one by one: the documents and their times, BM25 of the topic, the echoes of a
// story, the scores with their reasons, and the diverse picks.
import { describe, expect, it } from 'vitest';
import { canonicalLink } from '../../../src/server/feeds/normalize';
import { bm25, docsOf, echoesOf, pickDiverse, scored, sparse, type RankInput, type Ranked, type Signals } from '../../../src/server/ai/rank';

const now = new Date('2026-11-20T12:00:00Z').getTime();
const article = (id: string, title: string, o: Partial<RankInput> = {}): RankInput => ({
  id,
  title,
  summary: '',
  url: `https://news.example/${id}`,
  source: 'Desk',
  ...o,
});
const vectorsOf = (docs: ReturnType<typeof docsOf>) => {
  const ids = new Map<string, number>();
  return docs.map((d) => sparse(d.tf, d.norm, ids));
};

describe('docsOf', () => {
  it('dates each document, an undated or future one as now, and counts the title double', () => {
    const docs = docsOf(
      [
        article('a', 'Battery', { publishDate: new Date(now - 3_600_000).toISOString() }),
        article('b', 'Battery', { publishDate: 'not a date' }),
        article('c', 'Battery', { publishDate: new Date(now + 86_400_000).toISOString() }),
      ],
      now,
    );
    expect(docs.map((d) => d.time)).toEqual([now - 3_600_000, now, now]);
    expect(docs[0]!.len).toBe(2);
    expect([...docs[0]!.tf.values()]).toEqual([2]);
  });
});

describe('bm25', () => {
  it('scores only the documents that mention a topic word, naming the word as written there', () => {
    const docs = docsOf([article('a', 'Grid batteries are growing'), article('b', 'Coral reefs recover')], now);
    const [stem] = [...docs[0]!.tf.keys()].filter((t) => docs[0]!.shown.get(t) === 'batteries');
    const [hit, miss] = bm25(docs, [stem!]);
    expect(hit!.score).toBeGreaterThan(0);
    expect(hit!.matched).toEqual(['batteries']);
    expect(miss).toEqual({ score: 0, matched: [] });
  });

  it('gives nothing without topic words', () => {
    expect(bm25(docsOf([article('a', 'Anything')], now), [])).toEqual([{ score: 0, matched: [] }]);
  });
});

describe('echoesOf', () => {
  it('links the documents that tell the same story, both ways', () => {
    const docs = docsOf(
      [
        article('a', 'Largest grid battery plant opens in the region'),
        article('b', 'Region opens its largest grid battery plant'),
        article('c', 'Cyclists ride across the mountains'),
      ],
      now,
    );
    expect(echoesOf(vectorsOf(docs))).toEqual([[1], [0], []]);
  });
});

describe('scored', () => {
  const signals = (docs: ReturnType<typeof docsOf>, o: Partial<Signals> = {}): Signals => {
    const vectors = vectorsOf(docs);
    return {
      docs,
      vectors,
      relevance: docs.map(() => ({ score: 0, matched: [] })),
      echoes: echoesOf(vectors),
      usedLinks: new Map(),
      usedDocs: [],
      hasTopic: false,
      now,
      ...o,
    };
  };

  it('puts an on-topic document above 0.5 and an off-topic one at most 0.5', () => {
    const docs = docsOf([article('a', 'Batteries'), article('b', 'Reefs')], now);
    const [on, off] = scored(
      signals(docs, {
        hasTopic: true,
        relevance: [
          { score: 2, matched: ['batteries'] },
          { score: 0, matched: [] },
        ],
      }),
    );
    expect(on).toMatchObject({ id: 'a', onTopic: true });
    expect(on!.score).toBeGreaterThan(0.5);
    expect(on!.reason).toContain('Matches your topic: batteries');
    expect(off).toMatchObject({ id: 'b', onTopic: false });
    expect(off!.score).toBeLessThanOrEqual(0.5);
  });

  it('scores a link an earlier issue carried 0 and says where it went', () => {
    const docs = docsOf([article('a', 'Batteries')], now);
    const [r] = scored(signals(docs, { usedLinks: new Map([[canonicalLink('https://news.example/a'), 'Issue 3']]) }));
    expect(r).toMatchObject({ score: 0, usedIn: 'Issue 3', reason: 'Already sent in “Issue 3”' });
  });
});

describe('pickDiverse', () => {
  const r = (id: string, score: number, o: Partial<Ranked> = {}): Ranked => ({ id, score, onTopic: true, reason: 'r', usedIn: null, ...o });
  const vectors = docsOf([article('a', 'one'), article('b', 'two'), article('c', 'three'), article('d', 'four')], now).map((d) =>
    sparse(d.tf, d.norm, new Map()),
  );

  it('picks topical articles first, never a used one, and at most `count`', () => {
    const base = [r('a', 0.4, { onTopic: false }), r('b', 0.6), r('c', 0.9, { usedIn: 'Issue 1' }), r('d', 0.55)];
    expect(pickDiverse(['x', 'y', 'z', 'w'], base, vectors, 3).map((p) => p.id)).toEqual(['b', 'd', 'a']);
    expect(pickDiverse(['x', 'y', 'z', 'w'], base, vectors, 1).map((p) => p.id)).toEqual(['b']);
  });

  it('prefers a new source over a second article of the same one, and says so', () => {
    const base = [r('a', 0.8), r('b', 0.75), r('c', 0.72)];
    const picks = pickDiverse(['Desk', 'Desk', 'Post'], base, vectors, 2);
    expect(picks.map((p) => p.id)).toEqual(['a', 'c']);
    expect(picks[1]!.reason).toBe('r · Adds a source to the issue: Post');
  });
});
