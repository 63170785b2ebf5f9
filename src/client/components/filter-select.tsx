// A labelled select that narrows a list: "All …" first, then the choices (the admin lists' role, plan, status,
// outcome and action filters).
import { Select } from './ui/input';
import { Label } from './ui/label';
import { cn } from '../lib/cn';

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterSelectProps {
  id: string;
  label: string;
  /** The first choice, which filters nothing ("All roles"). */
  all: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  className?: string;
}

export function FilterSelect({ id, label, all, value, options, onChange, className }: FilterSelectProps) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} options={options}>
        <option value="">{all}</option>
      </Select>
    </div>
  );
}
