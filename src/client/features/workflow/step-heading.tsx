// The current step's heading. After a step change keyboard and screen-reader users continue from it: it
// takes focus (its ring shows when the change came from the keyboard), and a polite live region says
// which step this is ("Step 3 of 5: Select Content Channels"). The step the page opens on is not said:
// the page's own heading and this one name it.
import { useEffect, useRef, useState } from 'react';
import { LiveRegion } from '../../components/ui/live-region';
import { STEPS, type Step } from './types';

export function StepHeading({ step }: { step: Step }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus({ preventScroll: true });
    setAnnounced(`Step ${step} of 5: ${STEPS[step - 1].title}`);
  }, [step]);
  return (
    <>
      <h2 id="workflow-step-title" ref={heading} tabIndex={-1} className="mb-1 text-xl font-semibold tracking-tight text-zinc-900 dark:text-white">
        {STEPS[step - 1].title}
      </h2>
      <LiveRegion testId="step-announcement">{announced}</LiveRegion>
    </>
  );
}
