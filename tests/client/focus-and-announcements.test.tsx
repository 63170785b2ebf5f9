// Keyboard and screen-reader behaviour of the workflow and the shared UI (WCAG 2.4.3, 2.5.7, 4.1.3): the
// story order changes by buttons and the new position is said, a step change puts focus on the new
// step's heading and says the step, a dialog opened from state gives focus back to its opener, a busy
// button keeps focus, and the delivery's sentence and the toast's place follow what they describe.
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IssueEditor } from '../../src/client/features/workflow/issue-editor';
import { StepHeading } from '../../src/client/features/workflow/step-heading';
import { StepName } from '../../src/client/features/workflow/step-name';
import { StepNav } from '../../src/client/features/workflow/step-nav';
import { useWorkflow } from '../../src/client/features/workflow/use-workflow';
import { deliveryAnnouncement } from '../../src/client/features/workflow/send-progress';
import { ConfirmDialog } from '../../src/client/components/confirm-dialog';
import { Button } from '../../src/client/components/ui/button';
import { TooltipProvider } from '../../src/client/components/ui/tooltip';
import { toastPlaceFor, TOP_CLEARANCE } from '../../src/client/components/ui/toast-place';
import { NO_EDITS, type IssueEdits } from '../../src/shared/schemas/issue-edits';
import { apiHarness, InRouter } from './api-harness';
import { buildPublication, buildUser } from './fixtures';
import { AppShell } from '../../src/client/features/shell/app-shell';

afterEach(() => document.body.focus());

const STORIES = [
  { id: 'a', title: 'Harbour reopens', summary: 'Boats are back.' },
  { id: 'b', title: 'Ferry timetable changes', summary: 'New winter times.' },
  { id: 'c', title: 'Lighthouse repainted', summary: 'Red and white again.' },
];

function Editor() {
  const [edits, setEdits] = useState<IssueEdits>(NO_EDITS);
  return (
    <TooltipProvider>
      <IssueEditor stories={STORIES} edits={edits} onChange={setEdits} />
    </TooltipProvider>
  );
}

const order = () =>
  within(screen.getByRole('list', { name: 'Stories' }))
    .getAllByRole('listitem')
    .map((li) => (within(li).getAllByRole('textbox')[0] as HTMLInputElement).value);

describe('story order', () => {
  it('moves a story with its buttons, says its new position and keeps focus on the moved story', () => {
    render(<Editor />);
    const announcement = screen.getByTestId('story-order-announcement');
    expect(announcement.getAttribute('aria-live')).toBe('polite');
    expect(announcement.textContent).toBe('');

    const down = screen.getByRole('button', { name: 'Move "Harbour reopens" down' });
    down.focus();
    fireEvent.click(down);
    expect(order()).toEqual(['Ferry timetable changes', 'Harbour reopens', 'Lighthouse repainted']);
    expect(announcement.textContent).toBe('Moved “Harbour reopens” to position 2 of 3.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move "Harbour reopens" down' }));

    // To the end: its down button turns off, so focus goes to its up button.
    fireEvent.click(screen.getByRole('button', { name: 'Move "Harbour reopens" down' }));
    expect(order()).toEqual(['Ferry timetable changes', 'Lighthouse repainted', 'Harbour reopens']);
    expect(announcement.textContent).toBe('Moved “Harbour reopens” to position 3 of 3.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move "Harbour reopens" up' }));
    // The first story cannot go up: the button says why and stays focusable.
    const firstUp = screen.getByRole('button', { name: 'Move "Ferry timetable changes" up' });
    expect(firstUp.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(firstUp);
    expect(order()[0]).toBe('Ferry timetable changes');
  });
});

function Steps({ publicationId }: { publicationId: string }) {
  const wf = useWorkflow(publicationId, () => undefined);
  return (
    <InRouter>
      <StepHeading step={wf.step} />
      {wf.step === 1 ? <StepName wf={wf} /> : <StepNav wf={wf} />}
    </InRouter>
  );
}

describe('step changes', () => {
  it('puts focus on the new step heading and says the step, and says nothing on arrival', async () => {
    const publication = buildPublication({ newsletterName: 'Harbour Notes', selectedTheme: null }, 1);
    const api = apiHarness({ 'wizard.saveProgress': (input) => ({ ...publication, currentStep: (input as { currentStep: number }).currentStep }) });
    render(<Steps publicationId={api.open(publication)} />, { wrapper: api.Providers });
    const heading = await screen.findByRole('heading', { name: 'Name Your Newsletter', level: 2 });
    const announcement = screen.getByTestId('step-announcement');
    expect(announcement.textContent).toBe('');
    expect(document.activeElement).not.toBe(heading);

    const next = screen.getByRole('button', { name: /Continue/ });
    next.focus();
    fireEvent.click(next);
    const theme = await screen.findByRole('heading', { name: 'Choose Your Newsletter Theme', level: 2 });
    await waitFor(() => expect(document.activeElement).toBe(theme));
    expect(announcement.textContent).toBe('Step 2 of 5: Choose Your Newsletter Theme');

    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Name Your Newsletter'));
    expect(announcement.textContent).toBe('Step 1 of 5: Name Your Newsletter');
  });
});

function DeleteThing({ onDelete = () => undefined }: { onDelete?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <Button onClick={() => setOpen(true)}>Delete draft</Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this draft?"
        description="It cannot be undone."
        confirmLabel="Delete"
        onConfirm={onDelete}
      />
    </>
  );
}

describe('dialogs opened from state', () => {
  it('hold focus while open and give it back to the button that opened them', async () => {
    render(<DeleteThing />);
    const opener = screen.getByRole('button', { name: 'Delete draft' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this draft?' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(opener);

    // Escape closes it the same way.
    fireEvent.click(opener);
    const again = await screen.findByRole('alertdialog');
    fireEvent.keyDown(again, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});

describe('a busy button', () => {
  it('keeps focus while its work runs, says it is busy and ignores presses', () => {
    let presses = 0;
    const { rerender } = render(<Button onClick={() => presses++}>Add Channel</Button>);
    const button = screen.getByRole('button', { name: 'Add Channel' });
    button.focus();
    rerender(
      <Button loading onClick={() => presses++}>
        Add Channel
      </Button>,
    );
    expect(document.activeElement).toBe(button);
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(presses).toBe(0);
    rerender(<Button onClick={() => presses++}>Add Channel</Button>);
    fireEvent.click(button);
    expect(presses).toBe(1);
  });

  it('does not submit its form while busy', () => {
    let submits = 0;
    render(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submits++;
        }}
      >
        <Button type="submit" loading>
          Create account
        </Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(submits).toBe(0);
  });
});

describe('the delivery sentence', () => {
  const p = { status: 'sending' as const, sent: 0, failed: 0, suppressed: 0, total: 200 };
  it('is said at each quarter of the list and at each status', () => {
    expect(deliveryAnnouncement({ ...p, sent: 10 })).toBe('Sending: 0 % of 200 readers done.');
    expect(deliveryAnnouncement({ ...p, sent: 49 })).toBe('Sending: 0 % of 200 readers done.');
    expect(deliveryAnnouncement({ ...p, sent: 50 })).toBe('Sending: 25 % of 200 readers done.');
    expect(deliveryAnnouncement({ ...p, sent: 140, failed: 10 })).toBe('Sending: 75 % of 200 readers done.');
    expect(deliveryAnnouncement({ ...p, status: 'sent', sent: 1, total: 1 })).toBe('Sent to 1 reader.');
    expect(deliveryAnnouncement({ ...p, status: 'sent', sent: 198, failed: 2 })).toBe('Sent to 198 readers, 2 failed.');
    expect(deliveryAnnouncement({ ...p, status: 'scheduled' })).toBe('Scheduled.');
  });
});

describe('the toast place', () => {
  const screenSize = { width: 1280, height: 900 };
  const toast = { width: 384, height: 100 };
  const rect = (left: number, top: number, width: number, height: number) =>
    ({ left, top, right: left + width, bottom: top + height, width, height }) as DOMRect;
  it('moves to the top while the bottom place would cover the focused element, and comes back after', () => {
    // Above the send bar (65 px), at the right: under the bottom place.
    expect(toastPlaceFor(rect(1000, 760, 180, 40), toast, screenSize, 65)).toBe('top');
    // The same control further up, or on the left: the bottom place covers nothing.
    expect(toastPlaceFor(rect(1000, 300, 180, 40), toast, screenSize, 65)).toBe('bottom');
    expect(toastPlaceFor(rect(300, 760, 180, 40), toast, screenSize, 65)).toBe('bottom');
    // In the send bar itself (below the toast's bottom place): nothing to dodge.
    expect(toastPlaceFor(rect(1000, 850, 180, 40), toast, screenSize, 65)).toBe('bottom');
    // Something both places would cover keeps the usual place.
    expect(toastPlaceFor(rect(1000, TOP_CLEARANCE, 200, 800), toast, screenSize, 65)).toBe('bottom');
  });
});

describe('the phone drawer', () => {
  it('gives focus back to "Open navigation" when it closes', async () => {
    const api = apiHarness({});
    render(
      <InRouter path="/dashboard">
        <AppShell user={buildUser('free')}>
          <h1>Dashboard</h1>
        </AppShell>
      </InRouter>,
      { wrapper: api.Providers },
    );
    const open = await screen.findByRole('button', { name: 'Open navigation' });
    open.focus();
    fireEvent.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close navigation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });
});
