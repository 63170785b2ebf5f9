// A form field: its label above the control it names (an Input, a Select, a Textarea), in one box.
import type { ReactNode } from 'react';
import { Label } from './label';

export function Field({ htmlFor, label, className, children }: { htmlFor: string; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}
