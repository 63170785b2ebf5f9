// What each e-mail platform is, where its API key lives, which plan may connect it, and what it does to
// a newsletter's HTML on the way in (our per-reader slots become the platform's merge tags; footers and
// templates the platform adds). The client shows these as data, so the UI never guesses.
import { INTEGRATION_PLATFORMS, type IntegrationPlatform } from '../../../db/schema';
import { CAPABILITIES, PLAN_LABELS, PLAN_TYPES, capabilitiesFor, type PlanHolder } from '../../shared/plans';
import { MARKERS, LINK_MARKER_SOURCE } from '../newsletter/markers';

export { INTEGRATION_PLATFORMS, type IntegrationPlatform };

export const PLATFORM_NAMES: Record<IntegrationPlatform, string> = { brevo: 'Brevo', mailchimp: 'Mailchimp', mailerlite: 'MailerLite', beehiiv: 'beehiiv' };

export interface PlatformInfo {
  id: IntegrationPlatform;
  name: string;
  description: string;
  keyLabel: string;
  keyHelp: string;
  /** What the platform calls the place a campaign goes to. */
  listWord: string;
}

export const PLATFORM_INFO: Record<IntegrationPlatform, PlatformInfo> = {
  brevo: {
    id: 'brevo',
    name: 'Brevo',
    description: 'Publish a saved newsletter as a Brevo email campaign to one of your Brevo contact lists.',
    keyLabel: 'Brevo API key',
    keyHelp: 'In Brevo: your account menu → SMTP & API → API Keys → Generate a new API key (v3).',
    listWord: 'Contact list',
  },
  mailchimp: {
    id: 'mailchimp',
    name: 'Mailchimp',
    description: 'Publish a saved newsletter as a Mailchimp regular campaign to one of your audiences.',
    keyLabel: 'Mailchimp API key',
    keyHelp: 'In Mailchimp: Profile → Extras → API keys → Create A Key. The key ends with your data centre, e.g. -us21.',
    listWord: 'Audience',
  },
  mailerlite: {
    id: 'mailerlite',
    name: 'MailerLite',
    description: 'Publish a saved newsletter as a MailerLite regular campaign to one of your subscriber groups.',
    keyLabel: 'MailerLite API token',
    keyHelp: 'In MailerLite: Integrations → MailerLite API → Use → Generate new token.',
    listWord: 'Group',
  },
  beehiiv: {
    id: 'beehiiv',
    name: 'beehiiv',
    description: 'Publish a saved newsletter as a beehiiv post, sent to your publication’s subscribers and shown on its web page.',
    keyLabel: 'beehiiv API key',
    keyHelp: 'In beehiiv: Settings → Integrations → API → Create New API Key. The first publication the key can see is used.',
    listWord: 'Audience',
  },
};

/** The cheapest plan whose capabilities include the platform (decided: basic → brevo; professional and up → all four). */
export function cheapestPlanFor(platform: IntegrationPlatform): string {
  const plan = PLAN_TYPES.find((p) => CAPABILITIES[p].integrations.includes(platform));
  return plan ? PLAN_LABELS[plan] : PLAN_LABELS.enterprise;
}

export function canUsePlatform(user: PlanHolder, platform: IntegrationPlatform): boolean {
  return capabilitiesFor(user).integrations.includes(platform);
}

export function lockedMessage(platform: IntegrationPlatform): string {
  return `${PLATFORM_NAMES[platform]} needs the ${cheapestPlanFor(platform)} plan or higher. Upgrade to connect it.`;
}

// ---- What the platform changes ----

interface SlotTags {
  /** Replaces the greeting line; null leaves a plain "Hello,". */
  greeting: string;
  /** The platform's unsubscribe link address; null removes our link (the platform's footer has one). */
  unsubscribe: string | null;
  /** The platform's web-version link address; null removes ours. */
  web: string | null;
}

const SLOT_TAGS: Record<IntegrationPlatform, SlotTags> = {
  brevo: { greeting: 'Hi {{ contact.FIRSTNAME | default : "there" }},', unsubscribe: '{{ unsubscribe }}', web: '{{ mirror }}' },
  mailchimp: { greeting: 'Hi *|IF:FNAME|**|FNAME|**|ELSE:|*there*|END:IF|*,', unsubscribe: '*|UNSUB|*', web: '*|ARCHIVE|*' },
  mailerlite: { greeting: "Hi {$name|default('there')},", unsubscribe: '{$unsubscribe}', web: null },
  beehiiv: { greeting: 'Hello,', unsubscribe: null, web: null },
};

export const PLATFORM_CHANGES: Record<IntegrationPlatform, string[]> = {
  brevo: [
    'Brevo requires an unsubscribe link: ours becomes Brevo’s {{ unsubscribe }} link (added at the bottom when the newsletter has none).',
    'The greeting becomes “Hi {{ contact.FIRSTNAME }},” and the “View in your browser” link becomes Brevo’s {{ mirror }} link.',
    'Brevo rewrites links and adds an open-tracking pixel for its own statistics.',
    'The sender address must be a sender verified in your Brevo account, or Brevo refuses the campaign.',
  ],
  mailchimp: [
    'Mailchimp requires an unsubscribe link and a postal address: ours becomes *|UNSUB|* (added at the bottom when missing), and Mailchimp adds its footer with your account’s postal address.',
    'The greeting becomes “Hi *|FNAME|*,” and the “View in your browser” link becomes *|ARCHIVE|*.',
    'Mailchimp schedules on quarter hours only: a scheduled time moves to the next :00, :15, :30 or :45.',
    'The reply-to address should be on a domain verified in Mailchimp.',
  ],
  mailerlite: [
    'Our unsubscribe link becomes MailerLite’s {$unsubscribe} (added at the bottom when missing), and MailerLite adds its own footer with your account’s address.',
    'The greeting becomes “Hi {$name},”; the “View in your browser” link is removed.',
    'MailerLite accepts a campaign’s own HTML through its API only on plans with custom HTML; otherwise it refuses and we show its reason.',
    'The sender address must be verified in MailerLite.',
  ],
  beehiiv: [
    'beehiiv has no lists: the post goes to the whole audience of the connected publication.',
    'beehiiv replaces our layout with its own post template: only the content is kept; styles, scripts and forms are stripped.',
    'The greeting becomes a plain “Hello,”; our unsubscribe and browser links are removed because beehiiv’s template adds its own.',
    'A published post also appears on the publication’s web page.',
    'beehiiv’s API creates posts only on the beehiiv plans that include it; other plans get a clear refusal.',
  ],
};

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Removes the anchor whose href is `marker`, with a " · " separator next to it. */
function dropLink(html: string, marker: string): string {
  const m = escapeRe(marker);
  return html.replace(new RegExp(`(?:\\s*·\\s*)?<a\\b[^>]*href="${m}"[^>]*>[\\s\\S]*?</a>(?:\\s*·\\s*)?`, 'g'), '');
}

/** Our own HTML, made ready for the platform: slots replaced with its merge tags, and what it forbids removed. */
export function adaptHtml(platform: IntegrationPlatform, html: string): string {
  const tags = SLOT_TAGS[platform];
  let out = html.split(MARKERS.greeting).join(tags.greeting);
  out = tags.unsubscribe ? out.split(MARKERS.unsubscribeUrl).join(tags.unsubscribe) : dropLink(out, MARKERS.unsubscribeUrl);
  out = tags.web ? out.split(MARKERS.webUrl).join(tags.web) : dropLink(out, MARKERS.webUrl);
  // Readers' preferences are ours: a platform's readers manage theirs on the platform.
  out = dropLink(out, MARKERS.preferencesUrl);
  // Tracking is the platform's job: our open pixel and tracked-link slots never go out.
  out = out.replace(new RegExp(`<img\\b[^>]*${escapeRe(MARKERS.openPixel)}[^>]*>`, 'g'), '');
  out = out.replace(new RegExp(LINK_MARKER_SOURCE, 'g'), '#');
  if (tags.unsubscribe && !out.includes(tags.unsubscribe)) {
    const footer = `<p style="margin:16px 0;text-align:center;font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#6b7280"><a href="${tags.unsubscribe}" style="color:#6b7280">Unsubscribe</a></p>`;
    out = /<\/body>/i.test(out) ? out.replace(/<\/body>/i, `${footer}</body>`) : `${out}${footer}`;
  }
  if (platform === 'beehiiv') out = bodyContent(out);
  return out;
}

/** beehiiv takes the content only: the body's inside, without styles, scripts, forms or comments. */
function bodyContent(html: string): string {
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return body
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|form|noscript|iframe)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<(input|button|select|textarea|link|meta)\b[^>]*>/gi, '')
    .replace(/\s(on[a-z]+|class)="[^"]*"/gi, '')
    .trim();
}
