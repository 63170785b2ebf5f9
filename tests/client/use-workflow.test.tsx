// The workflow's rules (spec §2, §4, §5): step gating, progress saves one at a time in the order they
// were made, a refused change falling back (only its own fields), the name saved 500 ms after typing
// stops, and the channel limit's toast and upgrade dialog.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useWorkflow, type Workflow } from '../../src/client/features/workflow/use-workflow';
import { StepIndicator } from '../../src/client/features/workflow/step-indicator';
import { StepNav } from '../../src/client/features/workflow/step-nav';
import { StepName } from '../../src/client/features/workflow/step-name';
import { ChannelStep } from '../../src/client/features/workflow/step-channels';
import { Toaster } from '../../src/client/components/ui/toaster';
import { dismissToast } from '../../src/client/components/ui/toast-store';
import type { Publication, SaveInput } from '../../src/client/features/workflow/types';
import { MSG } from '../../src/shared/messages';
import { apiHarness, ApiRefusal, deferred, InRouter, type Handler } from './api-harness';
import { buildChannel, buildPublication, buildUser } from './fixtures';

/** Spec §4: the name is saved 500 ms after typing stops. */
const NAME_PAUSE_MS = 500;

const markets = buildChannel('Markets Wire');
const science = buildChannel('Science Desk');
const climate = buildChannel('Climate Desk');

/** wizard.saveProgress as the server answers it: the stored publication with the patch applied. */
function progressServer(start: Publication, refuse?: (input: SaveInput) => ApiRefusal | null) {
  let stored = start;
  const held: ReturnType<typeof deferred<void>>[] = [];
  let holding = false;
  const saveProgress: Handler = async (raw) => {
    const input = raw as SaveInput;
    if (holding) {
      const gate = deferred<void>();
      held.push(gate);
      await gate.promise;
    }
    const refusal = refuse?.(input);
    if (refusal) throw refusal;
    stored = {
      ...stored,
      currentStep: input.currentStep,
      workflowData: { ...stored.workflowData, ...input.workflowData, lastSaved: new Date().toISOString() },
    };
    return stored;
  };
  return {
    saveProgress,
    stored: () => stored,
    /** From now on each save waits until the test lets it through. */
    hold: () => void (holding = true),
    held,
  };
}

let latest: Workflow | null = null;
function Editor({
  publicationId,
  onUpgrade = () => undefined,
  children,
}: {
  publicationId: string;
  onUpgrade?: () => void;
  children?: (wf: Workflow) => React.ReactNode;
}) {
  const wf = useWorkflow(publicationId, onUpgrade);
  latest = wf;
  return (
    <InRouter>
      <StepIndicator wf={wf} />
      <p data-testid="step">{wf.step}</p>
      <p data-testid="save-state">{wf.saveState}</p>
      {children ? children(wf) : <StepNav wf={wf} />}
      <Toaster />
    </InRouter>
  );
}
const wf = () => latest!;

const saveCalls = (api: ReturnType<typeof apiHarness>) => api.callsTo('wizard.saveProgress').map((c) => c.input as SaveInput);

afterEach(() => {
  latest = null;
  dismissToast();
  vi.useRealTimers();
});

describe('step gating', () => {
  it('keeps Continue off until the step is complete, and lets the indicator open only visited steps', async () => {
    const publication = buildPublication({ newsletterName: '', selectedTheme: null }, 1);
    const server = progressServer(publication);
    const api = apiHarness({ 'wizard.saveProgress': server.saveProgress });
    render(<Editor publicationId={api.open(publication)}>{(w) => <StepName wf={w} />}</Editor>, { wrapper: api.Providers });
    await screen.findByTestId('step');

    const steps = screen.getByRole('navigation', { name: 'Workflow steps' });
    expect(screen.getByRole('button', { name: /Continue/ })).toHaveProperty('disabled', true);
    expect(screen.getByText('Enter a name to continue.')).toBeTruthy();
    expect(within(steps).queryAllByRole('button')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Newsletter name'), { target: { value: 'Weekly Signal' } });
    expect(screen.getByRole('button', { name: /Continue/ })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: /Continue/ }));
    expect(screen.getByTestId('step').textContent).toBe('2');

    // Step 1 was visited and is complete; step 3 has not been reached, so it is not a way forward.
    expect(within(steps).getByRole('button', { name: /Step 1/ })).toBeTruthy();
    expect(within(steps).queryByRole('button', { name: /Step 3/ })).toBeNull();
    // The step move carried the name typed a moment before (no separate name save after the pause).
    await waitFor(() => expect(saveCalls(api)).toHaveLength(1));
    expect(saveCalls(api)[0]).toMatchObject({ currentStep: 2, workflowData: { newsletterName: 'Weekly Signal' } });
  });

  it('goes back to where the server keeps the step when a step move is refused', async () => {
    const publication = buildPublication({}, 4);
    const server = progressServer(publication, (input) => (input.currentStep === 5 ? new ApiRefusal(400, 'Choose at least one article first.') : null));
    const api = apiHarness({ 'wizard.saveProgress': server.saveProgress });
    render(<Editor publicationId={api.open(publication)} />, { wrapper: api.Providers });
    await screen.findByTestId('step');

    act(() => wf().goTo(5));
    expect(screen.getByTestId('step').textContent).toBe('5');
    await waitFor(() => expect(screen.getByTestId('step').textContent).toBe('4'));
    expect(await screen.findByText('Choose at least one article first.')).toBeTruthy();
    expect(screen.getByTestId('save-state').textContent).toBe('error');
  });
});

describe('progress saves', () => {
  it('sends fast changes one at a time, in the order they were made, and shows each at once', async () => {
    const publication = buildPublication({ selectedChannels: [] }, 3);
    const server = progressServer(publication);
    const api = apiHarness({ 'wizard.saveProgress': server.saveProgress });
    render(<Editor publicationId={api.open(publication)} />, { wrapper: api.Providers });
    await screen.findByTestId('step');
    server.hold();

    act(() => {
      void wf().change((d) => ({ selectedChannels: [...d.selectedChannels, markets] }));
      void wf().change((d) => ({ selectedChannels: [...d.selectedChannels, science] }));
      void wf().change((d) => ({ selectedChannels: d.selectedChannels.filter((c) => c.url !== markets.url) }));
    });
    // All three show at once, built one on the other; the server has been asked only for the first.
    expect(wf().data.selectedChannels.map((c) => c.name)).toEqual(['Science Desk']);
    expect(screen.getByTestId('save-state').textContent).toBe('saving');
    await waitFor(() => expect(server.held).toHaveLength(1));
    expect(saveCalls(api)).toHaveLength(1);

    for (let i = 0; i < 3; i++) {
      await waitFor(() => expect(server.held).toHaveLength(i + 1));
      // The next save leaves only once the one before it has been answered.
      expect(saveCalls(api)).toHaveLength(i + 1);
      act(() => server.held[i].resolve());
    }
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe('saved'));
    expect(saveCalls(api).map((s) => s.workflowData?.selectedChannels?.map((c) => c.name))).toEqual([
      ['Markets Wire'],
      ['Markets Wire', 'Science Desk'],
      ['Science Desk'],
    ]);
    expect(server.stored().workflowData.selectedChannels.map((c) => c.name)).toEqual(['Science Desk']);
    expect(wf().data.selectedChannels.map((c) => c.name)).toEqual(['Science Desk']);
  });

  it('undoes only the refused fields: a locked theme falls back while a channel picked with it stays', async () => {
    const publication = buildPublication({ selectedTheme: 'modern-minimal', selectedChannels: [] }, 3);
    const server = progressServer(publication, (input) =>
      input.workflowData?.selectedTheme === 'executive-brief' ? new ApiRefusal(403, 'Upgrade to Professional to use Executive Brief.') : null,
    );
    const api = apiHarness({ 'wizard.saveProgress': server.saveProgress });
    const onUpgrade = vi.fn();
    render(<Editor publicationId={api.open(publication)} onUpgrade={onUpgrade} />, { wrapper: api.Providers });
    await screen.findByTestId('step');
    server.hold();

    act(() => {
      void wf().change({ selectedTheme: 'executive-brief', layoutStyle: 'two-column' });
      void wf().change({ selectedChannels: [markets] });
    });
    expect(wf().data).toMatchObject({ selectedTheme: 'executive-brief', layoutStyle: 'two-column', selectedChannels: [markets] });
    await waitFor(() => expect(server.held).toHaveLength(1));
    act(() => server.held[0].resolve());
    await waitFor(() => expect(server.held).toHaveLength(2));
    act(() => server.held[1].resolve());

    await waitFor(() => expect(wf().data.selectedTheme).toBe('modern-minimal'));
    expect(wf().data.layoutStyle).toBe(publication.workflowData.layoutStyle);
    expect(wf().data.selectedChannels).toEqual([markets]);
    expect(await screen.findByText(MSG.upgradeRequired)).toBeTruthy();
    expect(screen.getByText('Upgrade to Professional to use Executive Brief.')).toBeTruthy();
    expect(onUpgrade).toHaveBeenCalledTimes(1);
  });
});

describe('the newsletter name', () => {
  it('is saved once, 500 ms after typing stops, with the last value typed', async () => {
    const publication = buildPublication({ newsletterName: '' }, 1);
    const server = progressServer(publication);
    const api = apiHarness({ 'wizard.saveProgress': server.saveProgress });
    render(<Editor publicationId={api.open(publication)}>{(w) => <StepName wf={w} />}</Editor>, { wrapper: api.Providers });
    await screen.findByTestId('step');
    const field = screen.getByLabelText('Newsletter name');
    vi.useFakeTimers();

    for (const value of ['T', 'Th', 'The', 'The Friday Digest']) {
      fireEvent.change(field, { target: { value } });
      await act(() => vi.advanceTimersByTimeAsync(NAME_PAUSE_MS - 100));
    }
    expect(saveCalls(api)).toHaveLength(0);
    expect(field).toHaveProperty('value', 'The Friday Digest');

    // Timers are fake: nothing but the test moves the clock. Just before the pause ends nothing is sent;
    // just after, the one save is.
    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(saveCalls(api)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(saveCalls(api)).toHaveLength(1);
    expect(saveCalls(api)[0]).toEqual({ publicationId: publication.id, currentStep: 1, workflowData: { newsletterName: 'The Friday Digest' } });
    await act(() => vi.advanceTimersByTimeAsync(5 * NAME_PAUSE_MS));
    expect(saveCalls(api)).toHaveLength(1);
  });

  it('still waiting for its pause when the page is left, is saved then', async () => {
    const publication = buildPublication({ newsletterName: 'Old name' }, 1);
    const server = progressServer(publication);
    const api = apiHarness({ 'wizard.saveProgress': server.saveProgress });
    const page = render(<Editor publicationId={api.open(publication)}>{(w) => <StepName wf={w} />}</Editor>, { wrapper: api.Providers });
    await screen.findByTestId('step');
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Newsletter name'), { target: { value: 'New name' } });
    page.unmount();
    await vi.waitFor(() => expect(saveCalls(api)).toHaveLength(1));
    expect(saveCalls(api)[0].workflowData).toEqual({ newsletterName: 'New name' });
  });
});

describe('the channel limit', () => {
  const handlers = (server: ReturnType<typeof progressServer>): Record<string, Handler> => ({
    'wizard.saveProgress': server.saveProgress,
    'channels.listMine': () => [markets, science, climate],
    'articles.listForChannels': () => ({ success: true, articles: [], errors: [] }),
  });

  it('shows the toast and the upgrade dialog instead of a pick past the plan’s limit, and saves nothing', async () => {
    const free = buildUser('free');
    const publication = buildPublication({ selectedChannels: [markets] }, 3);
    const server = progressServer(publication);
    const api = apiHarness(handlers(server));
    const onUpgrade = vi.fn();
    render(
      <Editor publicationId={api.open(publication)} onUpgrade={onUpgrade}>
        {(w) => <ChannelStep wf={w} user={free} onUpgrade={onUpgrade} />}
      </Editor>,
      { wrapper: api.Providers },
    );
    await screen.findByTestId('step');
    const mine = await screen.findByRole('list', { name: 'Your channels' });
    fireEvent.click(within(mine).getByRole('button', { name: /Climate Desk/ }));

    expect(await screen.findByText(MSG.channelLimitTitle)).toBeTruthy();
    expect(screen.getByText(MSG.channelLimit(1))).toBeTruthy();
    expect(onUpgrade).toHaveBeenCalledTimes(1);
    expect(wf().data.selectedChannels).toEqual([markets]);
    expect(saveCalls(api)).toHaveLength(0);
  });

  it('undoes a pick the server refuses for the limit, with the same toast and dialog', async () => {
    const publication = buildPublication({ selectedChannels: [markets] }, 3);
    const server = progressServer(publication, (input) =>
      (input.workflowData?.selectedChannels?.length ?? 0) > 1 ? new ApiRefusal(403, MSG.channelLimit(1)) : null,
    );
    const api = apiHarness(handlers(server));
    const onUpgrade = vi.fn();
    render(<Editor publicationId={api.open(publication)} onUpgrade={onUpgrade} />, { wrapper: api.Providers });
    await screen.findByTestId('step');

    act(() => void wf().change((d) => ({ selectedChannels: [...d.selectedChannels, climate] })));
    expect(wf().data.selectedChannels).toHaveLength(2);
    await waitFor(() => expect(wf().data.selectedChannels).toEqual([markets]));
    expect(await screen.findByText(MSG.channelLimitTitle)).toBeTruthy();
    expect(screen.getByText(MSG.channelLimit(1))).toBeTruthy();
    expect(onUpgrade).toHaveBeenCalledTimes(1);
  });
});
