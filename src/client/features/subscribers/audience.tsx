// Who an issue goes to: every active subscriber or one of the publication's saved segments, with the
// number of readers a send would reach now (the server's count, the same rules its snapshot uses).
// The send dialog and the recurring schedule both offer it.
import { Link } from '@tanstack/react-router';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/input';
import { LOADED } from '../../lib/page-data';
import { trpc } from '../../trpc';

export interface Audience {
  segments: { id: string; name: string }[];
  /** Readers a send to the chosen audience reaches now; null while counting. */
  recipients: number | null;
  /** The chosen segment is no longer there (deleted elsewhere). */
  missing: boolean;
}

export function useAudience(publicationId: string, segmentId: string | null, enabled = true): Audience {
  const list = trpc.segments.list.useQuery({ publicationId }, { ...LOADED, enabled });
  const count = trpc.segments.audience.useQuery({ publicationId, segmentId }, { enabled, retry: false });
  const segments = list.data ?? [];
  return {
    segments,
    recipients: count.isFetching || !count.data ? null : count.data.recipients,
    missing: !!segmentId && (count.isError || (list.isSuccess && !segments.some((s) => s.id === segmentId))),
  };
}

const readers = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'reader' : 'readers'}`;

export function AudienceField({
  id,
  publicationId,
  audience,
  value,
  onChange,
}: {
  id: string;
  publicationId: string;
  audience: Audience;
  value: string | null;
  onChange: (segmentId: string | null) => void;
}) {
  return (
    <div className="grid gap-1 text-sm">
      <Label htmlFor={id}>Audience</Label>
      <Select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">Every active subscriber</option>
        {audience.segments.map((s) => (
          <option key={s.id} value={s.id}>
            Segment: {s.name}
          </option>
        ))}
        {audience.missing && value && <option value={value}>A deleted segment</option>}
      </Select>
      <p className="text-xs text-muted" aria-live="polite" data-testid="audience-count">
        {audience.missing
          ? 'This segment no longer exists. Choose another audience.'
          : audience.recipients === null
            ? 'Counting readers…'
            : `${readers(audience.recipients)} would get it now (paused, suppressed and weekly-digest readers left out).`}{' '}
        <Link
          to="/subscribers"
          search={{ publicationId }}
          hash="segments"
          className="text-indigo-700 underline underline-offset-2 hover:decoration-2 dark:text-indigo-300"
        >
          {audience.segments.length ? 'Edit segments' : 'Make a segment'}
        </Link>
      </p>
    </div>
  );
}
