// Run by the AI benchmark in a fresh process: RSS before and after the built-in engine's first summary.
import { longArticle } from '../../tests/fixtures/ai/articles';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const text = longArticle();
gc();
const before = process.memoryUsage().rss;
const { summarize } = await import('../../src/server/ai/summarize');
summarize(text);
gc();
const after = process.memoryUsage().rss;
console.log(JSON.stringify({ before, after }));
