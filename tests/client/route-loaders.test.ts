// Every signed-in page reads its primary data in its route's loader (GUIDE §3), so opening it asks for
// that data once, before the page shows. The pages without a loader are exactly those that read nothing
// from the server when they open (forms and local settings; the user comes from the signed-in layout).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const APP_ROUTES = path.resolve(import.meta.dirname, '../../src/client/routes/_app');

/** Pages that read nothing when they open: a loader would have nothing to ensure. */
const READ_NOTHING_ON_OPEN = ['admin/blog-content/new.tsx', 'email-delivery-test.tsx', 'email-test.tsx', 'settings.tsx'];

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(full) : e.name.endsWith('.tsx') ? [full] : [];
  });
}

describe('signed-in routes', () => {
  it('each have a loader (layouts aside), except the pages that read nothing when they open', () => {
    const files = routeFiles(APP_ROUTES);
    expect(files.length).toBeGreaterThan(25);
    const pages = files.filter((f) => !/<Outlet|component: Outlet/.test(fs.readFileSync(f, 'utf8')));
    const withoutLoader = pages
      .filter((f) => !/\bloader\s*:/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(APP_ROUTES, f))
      .sort();
    expect(withoutLoader).toEqual(READ_NOTHING_ON_OPEN);
  });

  it('the pages without a loader start no query of their own', () => {
    const pages: Record<string, string[]> = {
      'settings.tsx': ['src/client/features/settings/settings-page.tsx'],
      'email-test.tsx': ['src/client/features/email-management/email-test-page.tsx'],
      'email-delivery-test.tsx': ['src/client/features/email-management/delivery-test-page.tsx'],
    };
    for (const [route, sources] of Object.entries(pages)) {
      for (const source of sources) {
        const text = fs.readFileSync(path.resolve(import.meta.dirname, '../..', source), 'utf8');
        expect(text, `${route}: ${source}`).not.toMatch(/\.use(Suspense)?Query\(|useQueries\(/);
      }
    }
  });
});
