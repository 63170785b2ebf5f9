// Step 4's date-range filter (spec §2, §9): After, Before, the 24 and 48 hour shortcuts, Apply Filter.
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import type { DateRange } from '../../../shared/schemas/content';
import { rangeFrom, toLocalInput } from './date-range';

const HOUR = 60 * 60 * 1000;

export function DateFilter({ active, onApply }: { active: boolean; onApply: (range: DateRange | null) => void }) {
  const [after, setAfter] = useState('');
  const [before, setBefore] = useState('');
  const [error, setError] = useState<string | null>(null);

  const apply = (a: string, b: string) => {
    const result = rangeFrom(a, b);
    if (!result.ok) return setError(result.error);
    setError(null);
    onApply(result.range);
  };
  const lastHours = (h: number) => {
    const now = new Date();
    const a = toLocalInput(new Date(now.getTime() - h * HOUR));
    setAfter(a);
    setBefore('');
    apply(a, '');
  };

  return (
    <form
      className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      aria-label="Filter articles by date"
      onSubmit={(e) => {
        e.preventDefault();
        apply(after, before);
      }}
    >
      <div className="grid grid-cols-1 gap-3 @xl:grid-cols-2 @4xl:grid-cols-[1fr_1fr_auto]">
        <div>
          <Label htmlFor="articles-after">After</Label>
          <Input id="articles-after" type="datetime-local" value={after} onChange={(e) => setAfter(e.target.value)} />
        </div>
        <div>
          <Label htmlFor="articles-before">Before</Label>
          <Input id="articles-before" type="datetime-local" value={before} onChange={(e) => setBefore(e.target.value)} />
        </div>
        <div className="flex flex-wrap items-end gap-2 @xl:col-span-2 @4xl:col-span-1">
          <Button type="button" variant="outline" onClick={() => lastHours(24)}>
            Last 24 Hours
          </Button>
          <Button type="button" variant="outline" onClick={() => lastHours(48)}>
            Last 48 Hours
          </Button>
          <Button type="submit">Apply Filter</Button>
          {active && (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setAfter('');
                setBefore('');
                apply('', '');
              }}
            >
              Clear
            </Button>
          )}
        </div>
      </div>
      <FieldError>{error}</FieldError>
    </form>
  );
}
