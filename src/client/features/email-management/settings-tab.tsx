// Settings: the spec's static badges and the provider settings of the scope (system or account).
import type { ReactNode } from 'react';
import { Gauge, Radar, Shuffle } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { SectionCard } from '../../components/ui/section-card';
import { MailProviderSettings, SystemMailProviderSettings } from '../mail-providers';
import type { EmailScope } from '../../../shared/schemas/email-admin';

function Feature({ icon, label, body }: { icon: ReactNode; label: string; body: string }) {
  return (
    <li className="flex items-start gap-3">
      <Badge tone="success">
        {icon}
        {label}
      </Badge>
      <span className="text-sm text-muted">{body}</span>
    </li>
  );
}

export function SettingsTab({ scope }: { scope: EmailScope }) {
  return (
    <div className="grid gap-6">
      <SectionCard title="Delivery">
        <ul className="grid gap-3">
          <Feature
            icon={<Shuffle className="size-3" aria-hidden />}
            label="Automatic Fallback Enabled"
            body="When a service fails, mail goes to the next one in the chain."
          />
          <Feature
            icon={<Radar className="size-3" aria-hidden />}
            label="Delivery Tracking Active"
            body="Bounces, complaints and opens reported by providers are recorded."
          />
          <Feature
            icon={<Gauge className="size-3" aria-hidden />}
            label="Rate Limiting Monitoring"
            body="Sends are paced to each provider's limit; test mail is limited to 20 an hour per person."
          />
        </ul>
      </SectionCard>
      <SectionCard
        title={scope === 'system' ? 'System mail providers' : 'Your mail providers'}
        description={
          scope === 'system'
            ? 'Used by every account without providers of its own.'
            : 'Your own providers carry your mail; without them the system providers do.'
        }
      >
        {scope === 'system' ? <SystemMailProviderSettings /> : <MailProviderSettings />}
      </SectionCard>
    </div>
  );
}
