// 'Pick the best N' is topical first: relevance to the topic decides who is in the running; freshness,
// how widely a story is reported, novelty and variety only reorder among articles that mention the topic.
import { describe, expect, it } from 'vitest';
import { rankArticles, reasonsFor, type RankInput, type ReasonSignals } from '../../../src/server/ai/rank';

const now = new Date('2026-11-20T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

/**
 * Four articles on grid battery storage: two retell one story (echoed), two are days old and name the
 * subject only in passing, in long texts. Five on coral reefs and cycling: fresher and retold more often.
 */
const TOPICAL: RankInput[] = [
  {
    id: 'grid-1',
    title: 'Utility switches on the largest grid battery storage plant in the region',
    summary: 'The grid battery storage plant can feed four hundred megawatts into the grid for four hours at peak demand.',
    url: 'https://energy.example/largest-grid-battery',
    source: 'Energy Desk',
    publishDate: hoursAgo(30),
  },
  {
    id: 'grid-2',
    title: 'Region’s largest grid battery storage plant goes online',
    summary: 'A four hundred megawatt battery storage plant now feeds the grid for four hours at peak demand, the utility said.',
    url: 'https://power.example/battery-online',
    source: 'Power Post',
    publishDate: hoursAgo(36),
  },
  {
    id: 'grid-3',
    title: 'Why wind and solar farms need something to fall back on',
    summary:
      'Wind and solar farms produce most when demand is low, and operators have long paid gas plants to cover the evening ramp. ' +
      'Engineers now see large batteries taking over that role at lower cost, as prices for cells keep falling and contracts get longer. ' +
      'Planning rules, connection queues and local objections still slow new sites, and developers ask for faster permits.',
    url: 'https://energy.example/fall-back',
    source: 'Energy Desk',
    publishDate: hoursAgo(180),
  },
  {
    id: 'grid-4',
    title: 'Regulator publishes winter outlook for power supply',
    summary:
      'The regulator expects enough power this winter if imports hold up and the weather stays mild. ' +
      'Its outlook counts new storage sites for the first time, next to gas plants, imports and demand response from large factories. ' +
      'Households are asked to shift laundry and charging away from the evening peak on the coldest days.',
    url: 'https://policy.example/winter-outlook',
    source: 'Policy Desk',
    publishDate: hoursAgo(220),
  },
];

const reef = (id: string, title: string, h: number, source: string): RankInput => ({
  id,
  title,
  summary:
    'Divers report coral bleaching across the reef after weeks of record ocean heat. Marine biologists fear the reef will not recover before the next heat wave.',
  url: `https://${source.toLowerCase().replace(/\W+/g, '-')}.example/${id}`,
  source,
  publishDate: hoursAgo(h),
});
const bike = (id: string, title: string, h: number, source: string): RankInput => ({
  id,
  title,
  summary: 'Cyclists get protected lanes along the river from Monday. The city says cycling trips doubled since the first protected lanes opened.',
  url: `https://${source.toLowerCase().replace(/\W+/g, '-')}.example/${id}`,
  source,
  publishDate: hoursAgo(h),
});

const OFF_TOPIC: RankInput[] = [
  reef('reef-1', 'Coral reefs bleach again as ocean heat breaks records', 1, 'Ocean Times'),
  reef('reef-2', 'Record ocean heat bleaches coral across the reef', 2, 'Sea Notes'),
  reef('reef-3', 'Bleached coral reefs face another hot summer', 3, 'Dive Log'),
  bike('bike-1', 'City opens protected cycling lanes along the river', 1, 'City Hall News'),
  bike('bike-2', 'Cycling trips double after protected lanes open', 2, 'Bike Beat'),
];

const ARTICLES = [...OFF_TOPIC, ...TOPICAL];
const topicalIds = new Set(TOPICAL.map((a) => a.id));

describe('pick the best N: topical first', () => {
  it('puts all four grid battery storage articles before the fresher, more echoed reef and cycling ones', () => {
    const { picks, all } = rankArticles(ARTICLES, { topic: 'grid battery storage', count: 9, now });
    expect(picks).toHaveLength(9);
    expect(
      picks
        .slice(0, 4)
        .map((p) => p.id)
        .sort(),
    ).toEqual([...topicalIds].sort());
    for (const id of topicalIds) expect(all.get(id)!.reason).toMatch(/^Matches your topic: /);
    // Off-topic articles say what they have (the reef story is told by three sources, all within hours), never what they lack.
    for (const a of OFF_TOPIC) expect(all.get(a.id)!.reason).not.toMatch(/not|topic/i);
    expect(all.get('reef-1')!.reason).toBe('Widely covered: 3 sources · Fresh: published 1 hour ago');
    // The score says the same as the order: every topical article scores above every off-topic one.
    const lowestTopical = Math.min(...TOPICAL.map((a) => all.get(a.id)!.score));
    for (const a of OFF_TOPIC) expect(all.get(a.id)!.score).toBeLessThan(lowestTopical);
  });

  it('picks only topical articles when three or four are asked for', () => {
    for (const count of [3, 4]) {
      const { picks } = rankArticles(ARTICLES, { topic: 'grid battery storage', count, now });
      expect(picks).toHaveLength(count);
      expect(
        picks.every((p) => topicalIds.has(p.id)),
        `${count}: ${picks.map((p) => p.id).join(', ')}`,
      ).toBe(true);
    }
  });

  it('fills with off-topic articles only after every topical one', () => {
    const { picks } = rankArticles(ARTICLES, { topic: 'grid battery storage', count: 6, now });
    expect(picks.slice(0, 4).every((p) => topicalIds.has(p.id))).toBe(true);
    expect(picks.slice(4).every((p) => !topicalIds.has(p.id))).toBe(true);
  });

  it('no off-topic article outranks a topical one, whatever their freshness and echo', () => {
    // A small deterministic generator, so a failure can be replayed from its seed.
    let seed = 20261120;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 60; round++) {
      // Random ages (from minutes to three weeks) and random echo: copies of an article's story told again by others.
      const list: RankInput[] = ARTICLES.map((a) => ({ ...a, publishDate: hoursAgo(random() * 500) }));
      for (const a of ARTICLES)
        if (random() < 0.4) {
          const copies = 1 + Math.floor(random() * 3);
          for (let c = 0; c < copies; c++)
            list.push({ ...a, id: `${a.id}-echo-${c}`, url: `${a.url}-echo-${c}`, source: `Echo ${c}`, publishDate: hoursAgo(random() * 500) });
        }
      const topical = (id: string) => topicalIds.has(id.replace(/-echo-\d+$/, ''));
      const count = 1 + Math.floor(random() * list.length);
      const { picks } = rankArticles(list, { topic: 'grid battery storage', count, now });
      const firstOff = picks.findIndex((p) => !topical(p.id));
      const topicalTotal = list.filter((a) => topical(a.id)).length;
      if (firstOff >= 0) expect(firstOff, `round ${round}: ${picks.map((p) => p.id).join(', ')}`).toBe(topicalTotal);
      else expect(picks).toHaveLength(Math.min(count, list.length));
    }
  });
});

describe('pick reasons say why a story was chosen', () => {
  const none: ReasonSignals = {
    matched: [],
    sources: 1,
    echoes: 0,
    ageMs: null,
    source: 'Energy Desk',
    usedIn: null,
    closestIssue: null,
    comparedWithEarlier: false,
  };
  const H = 3_600_000;

  it('names each ranking signal the article has, in order', () => {
    expect(reasonsFor({ ...none, matched: ['battery', 'grid'], sources: 3, echoes: 2, ageMs: 3 * H, comparedWithEarlier: true })).toEqual([
      'Matches your topic: battery and grid',
      'Widely covered: 3 sources',
      'Fresh: published 3 hours ago',
      'New to your readers',
    ]);
    // One source retelling its own story is followed closely, not widely covered.
    expect(reasonsFor({ ...none, sources: 1, echoes: 2, ageMs: 60 * H })).toEqual(['Followed closely: 3 articles tell this story']);
    expect(reasonsFor({ ...none, closestIssue: 'Issue 4', comparedWithEarlier: true, ageMs: 90 * H })).toEqual(['Follows a story in “Issue 4”']);
  });

  it('an article with no positive signal says something true and neutral, never what it lacks', () => {
    expect(reasonsFor({ ...none, ageMs: 100 * H })).toEqual(['Recent story from Energy Desk']);
    expect(reasonsFor({ ...none, ageMs: 10 * 24 * H })).toEqual(['Story from Energy Desk, published 10 days ago']);
    expect(reasonsFor(none)).toEqual(['Story from Energy Desk']);
    expect(reasonsFor({ ...none, source: '' })).toEqual(['Story from its channel']);
  });

  it('freshness is said for the last two days only', () => {
    expect(reasonsFor({ ...none, ageMs: 20 * 60_000 })).toEqual(['Fresh: published within the hour']);
    expect(reasonsFor({ ...none, ageMs: 47 * H })).toEqual(['Fresh: published 47 hours ago']);
    expect(reasonsFor({ ...none, ageMs: 49 * H })).toEqual(['Recent story from Energy Desk']);
  });

  it('no pick of a ranked list explains itself by what it lacks', () => {
    for (const topic of ['grid battery storage', 'volcanoes', '']) {
      const { picks } = rankArticles(ARTICLES, { topic, count: ARTICLES.length, now });
      expect(picks).toHaveLength(ARTICLES.length);
      for (const p of picks) {
        expect(p.reason, `${topic}: ${p.id}`).not.toMatch(/\b(not|no|lacks?|without)\b/i);
        expect(p.reason.length).toBeGreaterThan(0);
      }
    }
    // A topic nothing mentions: the picks still say what they have.
    const { picks } = rankArticles(ARTICLES, { topic: 'volcanoes', count: 3, now });
    expect(picks.every((p) => /^(Widely covered|Followed closely|Fresh|Recent story from|Story from)/.test(p.reason))).toBe(true);
  });

  it('a pick that brings a new source into the issue says so', () => {
    const { picks } = rankArticles(ARTICLES, { topic: 'grid battery storage', count: 4, now });
    const later = picks.slice(1).filter((p) => p.reason.includes('Adds a source to the issue'));
    expect(later.length).toBeGreaterThan(0);
    expect(picks[0]!.reason).not.toContain('Adds a source');
  });
});
