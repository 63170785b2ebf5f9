// Step 4's articles (spec §4): each selected channel's articles, fetched once per channel and date range
// and read from the cache for five minutes; the channels not loaded yet travel together in one call.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ArticleStep } from '../../src/client/features/workflow/article-step';
import { useWorkflow } from '../../src/client/features/workflow/use-workflow';
import type { Channel, ChannelRef } from '../../src/shared/schemas/content';
import { apiHarness, deferred, InRouter, type Handler } from './api-harness';
import { buildArticle, buildChannel, buildPublication } from './fixtures';

const markets = buildChannel('Markets Wire');
const science = buildChannel('Science Desk');
const STORIES = new Map<string, string[]>([
  [markets.url, ['Rates hold steady', 'Copper hits a high']],
  [science.url, ['Comet returns early']],
]);

/** articles.listForChannels as the server answers it, for the channels asked. */
const listForChannels: Handler = (input) => {
  const { channels } = input as { channels: ChannelRef[] };
  const articles = channels.flatMap((c) => (STORIES.get(c.url) ?? []).map((t) => buildArticle({ ...markets, ...c } as Channel, t)));
  return { success: true, articles, errors: [] };
};

const handlers = (): Record<string, Handler> => ({
  'articles.listForChannels': listForChannels,
  'ai.status': () => ({ enabled: false, engine: { kind: 'builtin' } }),
  'ai.usedArticles': () => [],
});

function Step({ publicationId }: { publicationId: string }) {
  const wf = useWorkflow(publicationId, () => undefined);
  return (
    <InRouter>
      <ArticleStep wf={wf} />
    </InRouter>
  );
}

const articleTitles = async () => {
  const list = await screen.findByRole('list', { name: 'Articles' });
  return within(list)
    .getAllByRole('checkbox')
    .map((box) => list.querySelector(`label[for="${box.id}"]`)?.textContent);
};

afterEach(() => {
  vi.useRealTimers();
});

describe('ArticleStep', () => {
  it("shows each channel's articles from one call for the channels not loaded yet", async () => {
    const api = apiHarness(handlers());
    render(<Step publicationId={api.open(buildPublication({ selectedChannels: [markets, science] }))} />, { wrapper: api.Providers });

    await waitFor(async () => expect(await articleTitles()).toHaveLength(3));
    expect(await articleTitles()).toEqual(expect.arrayContaining(['Rates hold steady', 'Copper hits a high', 'Comet returns early']));
    const status = screen.getByRole('list', { name: 'Channel status' });
    expect(within(status).getByText('Markets Wire').parentElement).toHaveProperty('textContent', 'Markets Wire2 articles');
    expect(within(status).getByText('Science Desk').parentElement).toHaveProperty('textContent', 'Science Desk1 article');

    const calls = api.callsTo('articles.listForChannels');
    expect(calls).toHaveLength(1);
    expect((calls[0].input as { channels: ChannelRef[] }).channels.map((c) => c.url)).toEqual([markets.url, science.url]);
  });

  it('does not fetch the same channel and range again within five minutes, and does after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const api = apiHarness(handlers());
    const publication = buildPublication({ selectedChannels: [markets] });
    const first = render(<Step publicationId={api.open(publication)} />, { wrapper: api.Providers });
    await waitFor(async () => expect(await articleTitles()).toHaveLength(2));
    first.unmount();

    vi.setSystemTime(Date.now() + 4 * 60 * 1000);
    const second = render(<Step publicationId={api.open(publication)} />, { wrapper: api.Providers });
    expect(await articleTitles()).toHaveLength(2);
    second.unmount();
    expect(api.callsTo('articles.listForChannels')).toHaveLength(1);

    vi.setSystemTime(Date.now() + 2 * 60 * 1000);
    render(<Step publicationId={api.open(publication)} />, { wrapper: api.Providers });
    await waitFor(() => expect(api.callsTo('articles.listForChannels')).toHaveLength(2));
  });

  it('asks only for a channel added to a selection whose other channels are loaded', async () => {
    const api = apiHarness(handlers());
    const first = render(<Step publicationId={api.open(buildPublication({ selectedChannels: [markets] }))} />, { wrapper: api.Providers });
    await waitFor(async () => expect(await articleTitles()).toHaveLength(2));
    first.unmount();

    render(<Step publicationId={api.open(buildPublication({ selectedChannels: [markets, science] }))} />, { wrapper: api.Providers });
    await waitFor(async () => expect(await articleTitles()).toHaveLength(3));
    const calls = api.callsTo('articles.listForChannels');
    expect(calls).toHaveLength(2);
    expect((calls[1].input as { channels: ChannelRef[] }).channels.map((c) => c.url)).toEqual([science.url]);
  });

  it('asks again only for the failed channels when Retry Loading Articles is pressed', async () => {
    let scienceDown = true;
    const api = apiHarness({
      ...handlers(),
      'articles.listForChannels': (input) => {
        const answer = listForChannels(input) as { success: boolean; articles: { channelUrl: string }[]; errors: { channelUrl: string; message: string }[] };
        if (!scienceDown) return answer;
        const asked = (input as { channels: ChannelRef[] }).channels.some((c) => c.url === science.url);
        return asked
          ? {
              ...answer,
              articles: answer.articles.filter((a) => a.channelUrl !== science.url),
              errors: [{ channelUrl: science.url, message: 'The feed did not answer.' }],
            }
          : answer;
      },
    });
    render(<Step publicationId={api.open(buildPublication({ selectedChannels: [markets, science] }))} />, { wrapper: api.Providers });
    expect(await screen.findByText('The feed did not answer.')).toBeTruthy();
    expect(await articleTitles()).toHaveLength(2);

    scienceDown = false;
    const retry = await screen.findByRole('button', { name: 'Retry Loading Articles' });
    // It waits for the loading indicator to clear (300 ms after the answer).
    await waitFor(() => expect(retry).toHaveProperty('disabled', false));
    fireEvent.click(retry);
    await waitFor(async () => expect(await articleTitles()).toHaveLength(3));
    expect(screen.queryByText('The feed did not answer.')).toBeNull();
    const calls = api.callsTo('articles.listForChannels');
    expect(calls).toHaveLength(2);
    expect((calls[1].input as { channels: ChannelRef[] }).channels.map((c) => c.url)).toEqual([science.url]);
  });

  it('Apply Filter clears the cache and reloads, keeping the articles on screen until the filtered ones arrive', async () => {
    const held = deferred<unknown>();
    const api = apiHarness({
      ...handlers(),
      'articles.listForChannels': (input) => ((input as { dateRange?: unknown }).dateRange ? held.promise : listForChannels(input)),
    });
    render(<Step publicationId={api.open(buildPublication({ selectedChannels: [markets] }))} />, { wrapper: api.Providers });
    await waitFor(async () => expect(await articleTitles()).toHaveLength(2));

    // The same (empty) range applied again is asked for again: the filter cleared the cache.
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filter' }));
    await waitFor(() => expect(api.callsTo('articles.listForChannels')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Last 24 Hours' }));
    await waitFor(() => expect(api.callsTo('articles.listForChannels')).toHaveLength(3));
    expect(api.callsTo('articles.listForChannels')[2].input).toMatchObject({ dateRange: { start: expect.any(String) } });
    expect(screen.getByRole('status').textContent).toContain('Loading articles...');
    expect(await articleTitles()).toEqual(['Rates hold steady', 'Copper hits a high']);

    held.resolve({ success: true, articles: [buildArticle(markets, 'Rates hold steady')], errors: [] });
    await waitFor(async () => expect(await articleTitles()).toEqual(['Rates hold steady']));
  });
});
