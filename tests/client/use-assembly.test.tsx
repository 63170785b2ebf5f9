// Step 5's assembly as a query keyed by what the newsletter is made of (spec §4: assembled at once and
// again on every preview option change).
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useAssembly } from '../../src/client/features/workflow/use-assembly';
import type { Assembled, WorkflowData } from '../../src/client/features/workflow/types';
import { MSG } from '../../src/shared/messages';
import { apiHarness, ApiRefusal, deferred } from './api-harness';
import { buildArticle, buildAssembled, buildChannel, buildWorkflowData } from './fixtures';

const channel = buildChannel('Signal Daily');
const ready = buildWorkflowData({ selectedChannels: [channel], selectedArticles: [buildArticle(channel, 'Grid storage doubles')] });
const wfFor = (data: WorkflowData) => ({
  publicationId: 'pub-test-0001',
  data,
  assemblyRequest: () => ({ publicationId: 'pub-test-0001', fontStyle: data.fontStyle }),
});

/** The server's assemblies, each held until the test answers it. */
function heldAssemblies() {
  const pending: { input: unknown; answer: ReturnType<typeof deferred<Assembled>> }[] = [];
  const api = apiHarness({
    'wizard.assemble': (input) => {
      const answer = deferred<Assembled>();
      pending.push({ input, answer });
      return answer.promise.then((data) => ({ success: true, data }));
    },
  });
  return { api, pending };
}

describe('useAssembly', () => {
  it('keeps the previous preview on screen while the next assembly loads', async () => {
    const { api, pending } = heldAssemblies();
    const { result, rerender } = renderHook(({ data }) => useAssembly(wfFor(data)), { initialProps: { data: ready }, wrapper: api.Providers });
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(result.current).toEqual({ result: null, assembling: true, error: null });
    act(() => pending[0].answer.resolve(buildAssembled('Normal font')));
    await waitFor(() => expect(result.current.result?.subject).toBe('Normal font'));
    expect(result.current.assembling).toBe(false);

    rerender({ data: { ...ready, fontStyle: 'bold' } });
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[1].input).toMatchObject({ fontStyle: 'bold' });
    // The next assembly is on its way: the last one stays, marked as assembling.
    expect(result.current).toMatchObject({ assembling: true, error: null });
    expect(result.current.result?.subject).toBe('Normal font');

    act(() => pending[1].answer.resolve(buildAssembled('Bold font')));
    await waitFor(() => expect(result.current.result?.subject).toBe('Bold font'));
    expect(result.current.assembling).toBe(false);
  });

  it('shows a refused re-assembly with the last preview under its reason', async () => {
    const { api, pending } = heldAssemblies();
    const { result, rerender } = renderHook(({ data }) => useAssembly(wfFor(data)), { initialProps: { data: ready }, wrapper: api.Providers });
    await waitFor(() => expect(pending).toHaveLength(1));
    act(() => pending[0].answer.resolve(buildAssembled('Normal font')));
    await waitFor(() => expect(result.current.result?.subject).toBe('Normal font'));

    rerender({ data: { ...ready, fontStyle: 'bold' } });
    await waitFor(() => expect(pending).toHaveLength(2));
    act(() => pending[1].answer.reject(new ApiRefusal(403, 'This theme needs the Professional plan.')));
    await waitFor(() => expect(result.current.error).toBe('This theme needs the Professional plan.'));
    expect(result.current).toMatchObject({ assembling: false, result: { subject: 'Normal font' } });
    // Shown at once, not retried.
    expect(api.callsTo('wizard.assemble')).toHaveLength(2);
  });

  it('goes back to an earlier choice without waiting for the server', async () => {
    const { api, pending } = heldAssemblies();
    const { result, rerender } = renderHook(({ data }) => useAssembly(wfFor(data)), { initialProps: { data: ready }, wrapper: api.Providers });
    await waitFor(() => expect(pending).toHaveLength(1));
    act(() => pending[0].answer.resolve(buildAssembled('Normal font')));
    await waitFor(() => expect(result.current.result?.subject).toBe('Normal font'));
    rerender({ data: { ...ready, fontStyle: 'bold' } });
    await waitFor(() => expect(pending).toHaveLength(2));
    act(() => pending[1].answer.resolve(buildAssembled('Bold font')));
    await waitFor(() => expect(result.current.result?.subject).toBe('Bold font'));

    rerender({ data: ready });
    expect(result.current).toMatchObject({ assembling: false, result: { subject: 'Normal font' } });
  });

  it('asks nothing and names what is missing until a name, a theme and an article are chosen', async () => {
    const { api } = heldAssemblies();
    const { result } = renderHook(() => useAssembly(wfFor({ ...ready, selectedArticles: [] })), { wrapper: api.Providers });
    expect(result.current).toEqual({ result: null, assembling: false, error: MSG.assemblyMissing });
    // Long enough for a request to have left (the client batches for one turn of the event loop).
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(api.calls).toHaveLength(0);
  });
});
