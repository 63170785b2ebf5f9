// The saved newsletters a platform can take (the publish panel and the Substack card): the list, and a select of
// them by title that falls back to the newest one until the user picks another.
import { Label, Select } from '../../components/ui';
import { trpc } from '../../trpc';

export function useSavedNewsletters() {
  return trpc.drafts.list.useQuery({ limit: 100, offset: 0 });
}

type Newsletter = NonNullable<ReturnType<typeof useSavedNewsletters>['data']>[number];

export function NewsletterSelect({
  id,
  value,
  onChange,
  newsletters,
}: {
  id: string;
  value: string;
  onChange: (id: string) => void;
  newsletters?: Newsletter[];
}) {
  return (
    <>
      <Label htmlFor={id}>Saved newsletter</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {newsletters?.map((n) => (
          <option key={n.id} value={n.id}>
            {n.title}
          </option>
        ))}
      </Select>
    </>
  );
}
