import { useEffect } from 'react';

export const APP_NAME = 'Curated';

/** Sets the document title per page: "Dashboard · Curated"; `bare` leaves the product's name out (white-label readers' pages). */
export function useTitle(title?: string, opts: { bare?: boolean } = {}) {
  const bare = !!opts.bare;
  useEffect(() => {
    document.title = bare && title ? title : title ? `${title} · ${APP_NAME}` : `${APP_NAME} — AI-assisted newsletter builder`;
  }, [title, bare]);
}
