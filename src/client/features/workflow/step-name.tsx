// Step 1 'Name Your Newsletter': the name is saved 500 ms after typing stops; Continue needs a name.
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { MAX_TITLE_LENGTH } from '../../../shared/schemas/newsletter';
import { StepNav } from './step-nav';
import type { Workflow } from './use-workflow';

export function StepName({ wf }: { wf: Workflow }) {
  const name = wf.data.newsletterName;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) wf.goTo(2);
      }}
    >
      <p className="mb-5 text-sm text-muted">This is the title readers see at the top of the issue and in their inbox.</p>
      <Label htmlFor="newsletter-name">Newsletter name</Label>
      <Input
        id="newsletter-name"
        value={name}
        onChange={(e) => wf.setName(e.target.value)}
        placeholder="e.g. The Friday Tech Digest"
        maxLength={MAX_TITLE_LENGTH}
        autoComplete="off"
        autoFocus
        className="max-w-xl"
        aria-describedby="newsletter-name-hint"
      />
      <p id="newsletter-name-hint" className="mt-1.5 text-xs text-muted">
        Saved automatically as you type.
      </p>
      <StepNav wf={wf} hint="Enter a name to continue." />
    </form>
  );
}
