// The interactive reference of /api/v1, rendered by Scalar from the served OpenAPI document. Loaded only
// by /developers (its own chunk and stylesheet). No fonts or requests leave the app's origin: default
// fonts, telemetry, the AI chat and the vendor's toolbar are off, and "Try it" calls the API directly (same origin, so no proxy).
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useEffect, useRef } from 'react';
import { useTheme } from '../../lib/theme';

// Scalar's default greys, reds, greens and accent fall below 4.5:1 on its own grounds (axe, both modes): the
// same hues, darkened in light and lightened in dark until every text colour reads at WCAG AA.
const READABLE_COLOURS = `
.light-mode {
  --scalar-color-2: #5c5c5c; --scalar-color-3: #636363; --scalar-color-accent: #0061ad;
  --scalar-color-red: #b9141a; --scalar-color-green: #05704c; --scalar-color-orange: #ad3f00;
  --scalar-color-yellow: #735900; --scalar-color-blue: #005c99;
}
.dark-mode {
  --scalar-color-2: #b8b8b8; --scalar-color-3: #a8a8a8; --scalar-color-accent: #4db8ff;
  --scalar-color-red: #ff7070; --scalar-color-green: #3ccf7a; --scalar-color-orange: #ff9c66;
}`;

/**
 * Scalar draws its own `<main>`, inside the page's: one main landmark per page (and none nested), so its main
 * becomes the named region "API reference" whenever Scalar (re)renders it.
 */
function useOneMainLandmark() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const demote = () => {
      for (const main of Array.from(el.querySelectorAll('main:not([role])'))) {
        main.setAttribute('role', 'region');
        main.setAttribute('aria-label', 'API reference');
      }
    };
    demote();
    const watch = new MutationObserver(demote);
    watch.observe(el, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, []);
  return box;
}

export default function ApiReference() {
  const { theme } = useTheme();
  const box = useOneMainLandmark();
  return (
    <div ref={box}>
      <ApiReferenceReact
        configuration={{
          url: '/api/v1/openapi.json',
          withDefaultFonts: false,
          telemetry: false,
          hideClientButton: false,
          hideDarkModeToggle: true,
          forceDarkModeState: theme,
          layout: 'modern',
          showSidebar: true,
          hideModels: false,
          documentDownloadType: 'json',
          defaultOpenAllTags: true,
          showDeveloperTools: 'never',
          agent: { disabled: true },
          metaData: { title: 'Curated API reference' },
          customCss: READABLE_COLOURS,
        }}
      />
    </div>
  );
}
