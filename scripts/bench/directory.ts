// Directory search benchmark: one topic search over the in-memory channel directory (name, description,
// niches, synonyms, site words), alone and with the recent-titles index of every channel fetched
// (20 generated titles each), and the time to build that titles index.
import { DIRECTORY, searchDirectory } from '../../src/server/feeds/directory';
import { rankedIndex } from '../../src/server/feeds/directory-index';
import { TITLES_PER_FEED } from '../../src/server/feeds/directory-titles';
import { ms, report, timeMedian } from './report';

const SEARCH_BUDGET_MS = 10;
const TOPICS = ['boats', 'artificial intelligence', 'local news', 'gardening recipes wine', 'qwzxv', 'photography'];

export default async function run() {
  report('directory channels / niches', `${DIRECTORY.length} / ${new Set(DIRECTORY.map((d) => d.niches[0])).size}`);
  let i = 0;
  searchDirectory('warm-up', 1); // the metadata index is built on first use
  const plain = await timeMedian(() => searchDirectory(TOPICS[i++ % TOPICS.length], 1), 120, 12);
  report('topic search, metadata only (median)', ms(plain), { ok: plain < SEARCH_BUDGET_MS, text: `< ${SEARCH_BUDGET_MS} ms` });

  const words = ['harbour', 'season', 'review', 'guide', 'match', 'report', 'new', 'best', 'week', 'garden', 'race', 'recipe', 'city', 'market'];
  const titlesOf = (url: string) =>
    Array.from(
      { length: TITLES_PER_FEED },
      (_, n) => `${words[(url.length + n) % words.length]} ${words[n % words.length]} story ${n} of the ${words[(n * 7) % words.length]}`,
    );
  const urls = DIRECTORY.map((d) => d.feedUrl);
  const build = () =>
    rankedIndex(
      urls,
      (u) => [titlesOf(u).join(' \n ')],
      [1],
      () => 0,
    );
  const buildMs = await timeMedian(build, 10, 2);
  report(`titles index build, ${urls.length} feeds x ${TITLES_PER_FEED} (median)`, ms(buildMs));
  const titles = build();
  const withTitles = await timeMedian(() => searchDirectory(TOPICS[i++ % TOPICS.length], 1, titles), 120, 12);
  report('topic search with every channel fetched (median)', ms(withTitles), { ok: withTitles < SEARCH_BUDGET_MS, text: `< ${SEARCH_BUDGET_MS} ms` });
}
