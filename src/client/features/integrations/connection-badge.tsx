// Connected / Disconnected: the same badge on the platform cards and the dashboard's Integrations card.
import { CircleCheck, CircleSlash } from 'lucide-react';
import { Badge } from '../../components/ui';

export function ConnectionBadge({ connected }: { connected: boolean }) {
  return (
    <Badge tone={connected ? 'success' : 'neutral'}>
      {connected ? <CircleCheck className="size-3" aria-hidden /> : <CircleSlash className="size-3" aria-hidden />}
      {connected ? 'Connected' : 'Disconnected'}
    </Badge>
  );
}
