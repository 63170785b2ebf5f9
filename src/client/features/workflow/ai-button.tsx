// A button that asks the AI to write something: a spinner while it writes, and the reason it is off
// said meanwhile.
import type { ReactNode } from 'react';
import { Sparkles } from 'lucide-react';
import { ReasonButton } from '../../components/ui/reason-button';
import { Spinner } from '../../components/ui/spinner';

export function AiButton({
  pending,
  reason,
  onClick,
  className,
  children,
}: {
  pending: boolean;
  /** What the AI is doing while the button is off ("Writing the intro…"). */
  reason: string;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <ReasonButton type="button" variant="outline" size="sm" className={className} disabled={pending} reason={reason} onClick={onClick}>
      {pending ? <Spinner size="sm" /> : <Sparkles aria-hidden />} {children}
    </ReasonButton>
  );
}
