// Free's taste of the AI tools in step 4: while AI issues are left the picks and summaries are offered
// with how many remain, and the pick is asked in this publication's issue; once they are used, the
// upgrade notice with when they renew, and no AI buttons.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ArticleStep } from '../../src/client/features/workflow/article-step';
import { useWorkflow } from '../../src/client/features/workflow/use-workflow';
import type { Channel, ChannelRef } from '../../src/shared/schemas/content';
import type { TasteInfo } from '../../src/shared/schemas/ai';
import { apiHarness, InRouter, type Handler } from './api-harness';
import { buildArticle, buildChannel, buildPublication } from './fixtures';

const markets = buildChannel('Markets Wire');
const listForChannels: Handler = (input) => {
  const { channels } = input as { channels: ChannelRef[] };
  const articles = channels.flatMap((c) => ['Rates hold steady', 'Copper hits a high'].map((t) => buildArticle({ ...markets, ...c } as Channel, t)));
  return { success: true, articles, errors: [] };
};

const taste = (t: Partial<TasteInfo>): TasteInfo => ({ limit: 3, used: 1, left: 2, resetsAt: '2026-12-01T00:00:00.000Z', thisIssue: false, ...t });
const status = (t: TasteInfo) => () => ({
  enabled: false,
  engine: { kind: 'builtin', name: 'Built-in engine' },
  models: [],
  quota: { used: 0, limit: 0, resetsAt: t.resetsAt },
  taste: t,
});

function Step({ publicationId }: { publicationId: string }) {
  const wf = useWorkflow(publicationId, () => undefined);
  return (
    <InRouter>
      <ArticleStep wf={wf} />
    </InRouter>
  );
}

describe('Free’s AI taste in step 4', () => {
  it('offers the picks and summaries with the AI issues left, and asks in this issue', async () => {
    const api = apiHarness({
      'articles.listForChannels': listForChannels,
      'ai.status': status(taste({})),
      'ai.usedArticles': () => [],
      'ai.pick': () => ({ picks: [], topicTerms: [], engine: { kind: 'builtin', name: 'Built-in engine' }, quota: { used: 0, limit: 0, resetsAt: '' } }),
    });
    const id = api.open(buildPublication({ selectedChannels: [markets] }));
    render(<Step publicationId={id} />, { wrapper: api.Providers });

    const note = await screen.findByTestId('ai-taste');
    expect(note.textContent).toContain('2 of 3 AI issues left this month');
    expect(note.textContent).toContain('the first AI tool you use here counts this issue');
    expect(note.textContent).toContain('renews Dec 1, 2026');
    const list = await screen.findByRole('list', { name: 'Articles' });
    await waitFor(() => expect(within(list).getAllByRole('button', { name: /^AI summary of / })).toHaveLength(2));
    expect(api.calls.find((c) => c.path === 'ai.status')?.input).toEqual({ publicationId: id });

    fireEvent.click(screen.getByRole('button', { name: /^Pick the best 5 for me$/ }));
    await waitFor(() => expect(api.calls.some((c) => c.path === 'ai.pick')).toBe(true));
    expect(api.calls.find((c) => c.path === 'ai.pick')?.input).toMatchObject({ publicationId: id });
  });

  it('an issue already counted says so, even with none left for other issues', async () => {
    const api = apiHarness({
      'articles.listForChannels': listForChannels,
      'ai.status': status(taste({ used: 3, left: 0, thisIssue: true })),
      'ai.usedArticles': () => [],
    });
    render(<Step publicationId={api.open(buildPublication({ selectedChannels: [markets] }))} />, { wrapper: api.Providers });
    const note = await screen.findByTestId('ai-taste');
    expect(note.textContent).toContain('This issue has AI picks and summaries on your Free plan. 0 of 3 AI issues left this month');
    expect(screen.getByRole('button', { name: /^Pick the best/ })).toBeTruthy();
  });

  it('once the month’s AI issues are used: the upgrade notice with when they renew, and no AI buttons', async () => {
    const api = apiHarness({ 'articles.listForChannels': listForChannels, 'ai.status': status(taste({ used: 3, left: 0 })), 'ai.usedArticles': () => [] });
    render(<Step publicationId={api.open(buildPublication({ selectedChannels: [markets] }))} />, { wrapper: api.Providers });
    const note = await screen.findByTestId('ai-taste');
    expect(within(note).getByRole('note').textContent).toContain(
      'You have used AI picks and summaries in all 3 issues your Free plan includes this month. They renew on Dec 1, 2026; upgrade for AI in every issue.',
    );
    expect(note.textContent).toContain('0 of 3 AI issues left this month');
    expect(within(note).getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/upgrade');
    await screen.findByRole('list', { name: 'Articles' });
    expect(screen.queryByRole('button', { name: /^Pick the best/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^AI summary of / })).toBeNull();
  });
});
