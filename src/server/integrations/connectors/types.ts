// The one shape every platform connector has: validate a key, list where a campaign can go, create a
// campaign (draft, sent now or scheduled) and read its figures.
import type { IntegrationPlatform } from '../../../../db/schema';
import { STAT_KEYS, type StatKey } from '../../../shared/integrations';

export interface Credentials {
  apiKey: string;
  /** beehiiv: the publication posts go to. */
  publicationId?: string;
  publicationName?: string;
}

export interface Validated {
  /** What the platform calls the account (shown instead of the key). */
  accountLabel: string;
  /** Extra facts to keep with the key (beehiiv's publication). */
  extra?: Pick<Credentials, 'publicationId' | 'publicationName'>;
}

export interface PlatformList {
  id: string;
  name: string;
  /** Subscribers the platform reports for it, when it does. */
  count: number | null;
}

export interface CampaignInput {
  name: string;
  subject: string;
  html: string;
  fromName: string;
  fromEmail: string;
  listId: string;
}

export type When = { mode: 'draft' } | { mode: 'now' } | { mode: 'schedule'; at: Date };

export interface Created {
  remoteId: string;
  remoteUrl: string | null;
  /** True when creating it already sent or scheduled it (beehiiv, Brevo scheduling). */
  delivered: boolean;
  /** The schedule time the platform will use (Mailchimp rounds to quarter hours). */
  scheduledAt?: Date;
}

export { STAT_KEYS, type StatKey };

export interface CampaignStats {
  stats: Partial<Record<StatKey, number>>;
  /** Where the campaign is now on the platform, when it says. */
  remoteStatus?: 'draft' | 'scheduled' | 'sent';
}

export interface Connector {
  platform: IntegrationPlatform;
  validate(): Promise<Validated>;
  lists(): Promise<PlatformList[]>;
  create(input: CampaignInput, when: When): Promise<Created>;
  /** Sends or schedules a campaign made by create() (when create did not already). */
  deliver(remoteId: string, when: When): Promise<{ scheduledAt?: Date }>;
  stats(remoteId: string): Promise<CampaignStats>;
}

/** Numbers only: anything a platform sends that is not a finite number is left out. */
export function pickNumbers(entries: [StatKey, unknown][]): Partial<Record<StatKey, number>> {
  const out: Partial<Record<StatKey, number>> = {};
  for (const [k, v] of entries) if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
  return out;
}

/** How a connector reaches the network: tests hand in a fetch or a shorter timeout. */
export interface Net {
  fetch?: typeof fetch;
  timeoutMs?: number;
}
