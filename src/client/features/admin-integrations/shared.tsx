// Small pieces both staff integration pages use.
import { Badge } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { HEALTH_TONE, type HealthStatus } from '../../lib/health';

export function HealthBadge({ status }: { status: string }) {
  const tone = HEALTH_TONE[status as HealthStatus] ?? 'neutral';
  const label = status === 'unknown' ? 'Not checked yet' : status.charAt(0).toUpperCase() + status.slice(1);
  return <Badge tone={tone}>{label}</Badge>;
}

export function When({ at, empty = 'Never' }: { at: string | null; empty?: string }) {
  return at ? <time dateTime={at}>{formatDateTime(at)}</time> : <span className="text-muted">{empty}</span>;
}
