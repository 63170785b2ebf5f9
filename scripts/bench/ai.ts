// AI engine benchmark: the built-in engine's extractive summary of a 1,300-word article (against the
// tokenizer alone as the same-run baseline), ranking 500 articles for a topic, a whole AI Magic piece,
// and the memory the engine adds to a fresh process (its language model loads on first use).
import { execFileSync } from 'node:child_process';
import { summarize } from '../../src/server/ai/summarize';
import { sentencesOf } from '../../src/server/ai/nlp';
import { rankArticles } from '../../src/server/ai/rank';
import { prepare, writeBuiltin } from '../../src/server/ai/builtin';
import { FIXTURES, longArticle } from '../../tests/fixtures/ai/articles';
import { timeMedian, report, ms } from './report';

const SUBJECTS = [
  'battery recycling',
  'rail freight',
  'urban trees',
  'heat pumps',
  'offshore wind',
  'repair cafés',
  'school streets',
  'solar farms',
  'insulation grants',
  'electric buses',
];

function candidates(n: number) {
  const now = Date.now();
  return Array.from({ length: n }, (_, i) => {
    const subject = SUBJECTS[i % SUBJECTS.length]!;
    const base = FIXTURES[i % FIXTURES.length]!;
    return {
      id: `a-${i}`,
      title: `${subject[0]!.toUpperCase()}${subject.slice(1)}: ${base.title} (${i})`,
      summary: `${base.body.split('\n\n')[i % 3]} Reporters covering ${subject} say more news is expected next week.`,
      url: `https://news${i % 40}.example/${i}`,
      source: `Source ${i % 40}`,
      publishDate: new Date(now - i * 1_800_000).toISOString(),
    };
  });
}

export default async function run() {
  const text = longArticle();
  const words = text.split(/\s+/).length;
  sentencesOf(text); // loads the language model outside the timing
  const tokens = await timeMedian(() => sentencesOf(text), 40, 10);
  const sum = await timeMedian(() => summarize(text), 40, 10);
  report(`summary of a ${words.toLocaleString('en-US')}-word article (median)`, ms(sum), { ok: sum < 20, text: 'budget 20 ms' });
  report('  baseline: sentences and tokens alone', `${ms(tokens)} (summary = ${(sum / tokens).toFixed(2)}x)`);

  const list = candidates(500);
  const rank = await timeMedian(() => rankArticles(list, { topic: 'battery recycling', newsletterName: 'Grid Notes', count: 10, now: new Date() }), 10, 3);
  report('rank 500 articles for a topic, pick 10 (median)', ms(rank));

  const sources = FIXTURES.map((f) => ({
    article: { id: f.id, title: f.title, url: f.url, source: f.source, channelUrl: '', summary: '' },
    text: { text: f.body, basis: 'full' as const },
  }));
  const piece = await timeMedian(() => writeBuiltin('blog', prepare(sources), 'battery recycling'), 30, 5);
  report('AI Magic blog post from 4 articles, built-in (median)', ms(piece));

  // Memory: a fresh process, before and after the engine's first summary.
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/bench/ai-memory.ts'], { encoding: 'utf8' });
  const { before, after } = JSON.parse(out.trim().split('\n').pop()!) as { before: number; after: number };
  report(
    'memory added by the engine (fresh process, RSS)',
    `${((after - before) / 1024 / 1024).toFixed(1)} MB (${(before / 1024 / 1024).toFixed(0)} → ${(after / 1024 / 1024).toFixed(0)} MB)`,
  );
}
