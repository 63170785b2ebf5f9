// Small pieces both staff integration pages use.
import { Badge } from '../../components/ui';
import { formatDateTime } from '../../lib/format';

export const KNOWN_PLATFORMS = ['brevo', 'mailchimp', 'mailerlite', 'beehiiv'] as const;
export type KnownPlatform = (typeof KNOWN_PLATFORMS)[number];
export const PLATFORM_NAMES: Record<KnownPlatform, string> = { brevo: 'Brevo', mailchimp: 'Mailchimp', mailerlite: 'MailerLite', beehiiv: 'beehiiv' };

export function isKnownPlatform(v: string): v is KnownPlatform {
  return (KNOWN_PLATFORMS as readonly string[]).includes(v);
}

const HEALTH_TONES = { healthy: 'success', warning: 'warning', error: 'danger', unknown: 'neutral' } as const;

export function HealthBadge({ status }: { status: string }) {
  const tone = HEALTH_TONES[status as keyof typeof HEALTH_TONES] ?? 'neutral';
  const label = status === 'unknown' ? 'Not checked yet' : status.charAt(0).toUpperCase() + status.slice(1);
  return <Badge tone={tone}>{label}</Badge>;
}

export function When({ at, empty = 'Never' }: { at: string | null; empty?: string }) {
  return at ? <time dateTime={at}>{formatDateTime(at)}</time> : <span className="text-zinc-400">{empty}</span>;
}
