// The workflow route's loader (spec §2, §4, §5, §8): it opens the publication named by the address or
// the session entry, confirmed by the server, and otherwise sends the user to /publications.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRedirect } from '@tanstack/react-router';
import { openPublication } from '../../src/client/features/workflow/open-publication';
import { SELECTED_PUBLICATION_KEY } from '../../src/client/features/workflow/stored-publication';
import { apiHarness, ApiRefusal } from './api-harness';
import { buildArticle, buildChannel, buildPublication } from './fixtures';
import { channelArticlesQuery } from '../../src/client/features/workflow/article-queries';
import type { ChannelRef } from '../../src/shared/schemas/content';

const publication = buildPublication();
const server = (open = publication) =>
  apiHarness({
    'publications.get': (input) => {
      if ((input as { id: string }).id !== open.id) throw new ApiRefusal(404, 'Publication not found');
      return open;
    },
    'articles.listForChannels': (input) => {
      const { channels } = input as { channels: ChannelRef[] };
      return { success: true, articles: channels.map((c) => buildArticle({ ...buildChannel(c.name), ...c }, `News from ${c.name}`)), errors: [] };
    },
  });
const context = (api: ReturnType<typeof apiHarness>) => ({ queryClient: api.queryClient, trpc: api.utils, client: api.client });
const stored = () => window.sessionStorage.getItem(SELECTED_PUBLICATION_KEY);

/** Where a redirect thrown by the loader sends the user. */
async function redirectOf(p: Promise<unknown>) {
  const thrown = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isRedirect(thrown)) throw new Error(`expected a redirect, got ${String(thrown)}`);
  return thrown.options;
}

afterEach(() => window.sessionStorage.clear());

describe('opening the workflow', () => {
  it('opens the publication the address names, remembers it, and leaves its answer for the page', async () => {
    const api = server();
    await expect(openPublication(context(api), publication.id)).resolves.toBe(publication.id);
    expect(JSON.parse(stored()!)).toEqual({ id: publication.id, name: publication.name });
    expect(api.utils.publications.get.getData({ id: publication.id })).toEqual(publication);
    expect(api.callsTo('publications.get')).toHaveLength(1);
  });

  it('puts the remembered publication in the address when the address names none', async () => {
    window.sessionStorage.setItem(SELECTED_PUBLICATION_KEY, JSON.stringify({ id: publication.id }));
    const to = await redirectOf(openPublication(context(server()), undefined));
    expect(to).toMatchObject({ to: '/workflow', search: { publicationId: publication.id }, replace: true });
  });

  it('sends an unknown publication to /publications and forgets the entry', async () => {
    window.sessionStorage.setItem(SELECTED_PUBLICATION_KEY, JSON.stringify({ id: 'someone-elses' }));
    const to = await redirectOf(openPublication(context(server()), undefined));
    expect(to).toMatchObject({ to: '/publications', replace: true });
    expect(stored()).toBeNull();
  });

  it('clears a corrupt entry and, with nothing else to open, sends the user to /publications without asking the server', async () => {
    window.sessionStorage.setItem(SELECTED_PUBLICATION_KEY, '{"id":"undefined"}');
    const api = server();
    const to = await redirectOf(openPublication(context(api), undefined));
    expect(to).toMatchObject({ to: '/publications' });
    expect(stored()).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('reads a hovered link’s publication ahead without remembering it or redirecting', async () => {
    const api = server();
    await expect(openPublication(context(api), publication.id, true)).resolves.toBe(publication.id);
    await expect(openPublication(context(api), 'someone-elses', true)).resolves.toBe('someone-elses');
    expect(stored()).toBeNull();
    // The click that follows the hover uses the answer read ahead.
    await openPublication(context(api), publication.id);
    expect(api.callsTo('publications.get').filter((c) => (c.input as { id: string }).id === publication.id)).toHaveLength(1);
  });

  it("asks for a step 4 publication's articles at once, in one call the step then reads from", async () => {
    const channels = [buildChannel('Markets Wire'), buildChannel('Science Desk')];
    const atStep4 = buildPublication({ selectedChannels: channels }, 4);
    const api = server(atStep4);
    await openPublication(context(api), atStep4.id);
    await vi.waitFor(() => expect(api.queryClient.getQueryData(channelArticlesQuery(api.client, channels[1], null).queryKey)).toBeTruthy());
    const calls = api.callsTo('articles.listForChannels');
    expect(calls).toHaveLength(1);
    expect((calls[0].input as { channels: ChannelRef[] }).channels.map((c) => c.name)).toEqual(['Markets Wire', 'Science Desk']);

    const elsewhere = server(buildPublication({ selectedChannels: channels }, 3));
    await openPublication(context(elsewhere), atStep4.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(elsewhere.callsTo('articles.listForChannels')).toHaveLength(0);
  });
});
