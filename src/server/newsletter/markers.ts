// Per-recipient slots in a rendered issue. The issue is rendered once with these markers; the sender
// fills them for each reader (greeting, unsubscribe and web links) by joining pre-split parts, so a
// 10,000-reader send never re-renders the issue. Markers are plain ASCII, untouched by React escaping.
export const MARKERS = {
  greeting: '%%CURATED_GREETING%%',
  unsubscribeUrl: '%%CURATED_UNSUBSCRIBE_URL%%',
  /** The reader's own preference centre (signed per reader, like the unsubscribe link). */
  preferencesUrl: '%%CURATED_PREFERENCES_URL%%',
  webUrl: '%%CURATED_WEB_URL%%',
  /** The open-tracking pixel's address (only in sends that track opens). */
  openPixel: '%%CURATED_OPEN_PIXEL%%',
} as const;

export type MarkerName = keyof typeof MARKERS;

/**
 * A tracked link's address: `%%CURATED_LINK_<position>%%` replaces the href of the link at that
 * position (sends that track clicks), filled per reader with a signed click address.
 */
export const linkMarker = (position: number) => `%%CURATED_LINK_${position}%%`;
export const LINK_MARKER_SOURCE = '%%CURATED_LINK_(\\d+)%%';
