// Number and rate formatting for the analytics page (rates arrive as fractions or null).

export const formatRate = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);
export const formatCount = (n: number) => n.toLocaleString();

const ANALYTICS_EXPORT_PATH = '/api/analytics/export';
export const exportHref = (publicationId: string) =>
  publicationId ? `${ANALYTICS_EXPORT_PATH}?publicationId=${encodeURIComponent(publicationId)}` : ANALYTICS_EXPORT_PATH;
