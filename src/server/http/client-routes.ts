// Which addresses the client's router serves, from route-manifest.json (written by the Vite build from
// the generated route tree), so an unknown address is answered 404 with the same not-found page.
import fs from 'node:fs';
import path from 'node:path';

/** True when some client route matches the path; null when the build wrote no manifest. */
export type ClientRouteMatcher = (pathname: string) => boolean;

const segments = (p: string) => p.split('/').filter(Boolean);

export function clientRouteMatcher(routes: string[]): ClientRouteMatcher {
  const patterns = routes.map(segments);
  return (pathname) => {
    let parts: string[];
    try {
      parts = segments(decodeURIComponent(pathname));
    } catch {
      return false;
    }
    return patterns.some((pattern) => {
      // A lone '$' is a splat route: it takes the rest of the path.
      if (pattern.at(-1) === '$') return parts.length >= pattern.length - 1 && pattern.slice(0, -1).every((seg, i) => seg.startsWith('$') || seg === parts[i]);
      return pattern.length === parts.length && pattern.every((seg, i) => seg.startsWith('$') || seg === parts[i]);
    });
  };
}

/** The matcher for a built client folder, or null when its manifest is missing or unreadable. */
export function loadClientRoutes(clientDir: string): ClientRouteMatcher | null {
  try {
    const routes = JSON.parse(fs.readFileSync(path.join(clientDir, 'route-manifest.json'), 'utf8')) as unknown;
    return Array.isArray(routes) && routes.every((r) => typeof r === 'string') ? clientRouteMatcher(routes) : null;
  } catch {
    return null;
  }
}
