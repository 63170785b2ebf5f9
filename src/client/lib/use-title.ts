import { useEffect } from 'react';
import { servedWhiteLabel } from './white-label';

export const APP_NAME = 'Curated';

/** Sets the document title per page: "Dashboard · Curated"; `bare` leaves the product's name out (white-label readers' pages, and every page the server sent as one). */
export function useTitle(title?: string, opts: { bare?: boolean } = {}) {
  const bare = !!opts.bare || servedWhiteLabel();
  useEffect(() => {
    document.title = bare && title ? title : title ? `${title} · ${APP_NAME}` : `${APP_NAME} — AI-assisted newsletter builder`;
  }, [title, bare]);
}
