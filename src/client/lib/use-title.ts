import { useEffect } from 'react';

export const APP_NAME = 'Curated';

/** Sets the document title per page: "Dashboard · Curated". */
export function useTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : `${APP_NAME} — AI-assisted newsletter builder`;
  }, [title]);
}
