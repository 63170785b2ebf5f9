// The interactive reference of /api/v1, rendered by Scalar from the served OpenAPI document. Loaded only
// by /developers (its own chunk and stylesheet). No fonts or requests leave the app's origin: default
// fonts, telemetry, the AI chat and the vendor's toolbar are off, and "Try it" calls the API directly (same origin, so no proxy).
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useTheme } from '../../lib/theme';

export default function ApiReference() {
  const { theme } = useTheme();
  return (
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
      }}
    />
  );
}
