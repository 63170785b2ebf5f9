// Runs before React renders (first import of main.tsx; CSP forbids inline scripts): applies the stored
// theme so the first paint has the right colours, and locks zoom when the app is embedded in a frame.
import { applyTheme, watchSystemTheme } from './lib/theme';

applyTheme();
watchSystemTheme();

if (window.self !== window.top) {
  document.querySelector('meta[name="viewport"]')?.setAttribute('content', 'width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no');
}
