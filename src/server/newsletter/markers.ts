// Per-recipient slots in a rendered issue. The issue is rendered once with these markers; the sender
// fills them for each reader (greeting, unsubscribe and web links) by joining pre-split parts, so a
// 10,000-reader send never re-renders the issue. Markers are plain ASCII, untouched by React escaping.
export const MARKERS = {
  greeting: '%%CURATED_GREETING%%',
  unsubscribeUrl: '%%CURATED_UNSUBSCRIBE_URL%%',
  webUrl: '%%CURATED_WEB_URL%%',
} as const;

export type MarkerName = keyof typeof MARKERS;
