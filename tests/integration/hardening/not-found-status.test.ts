// Unknown non-API addresses answered 200 with the client's not-found page. Paths that match no client
// route (the route table written by the build) now answer 404 with the same page.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../../src/server/app';
import { createHarness } from '../../helpers/app';
import { clientRouteMatcher } from '../../../src/server/http/client-routes';

let dir: string;
const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.writeFileSync(path.join(dir, 'index.html'), SHELL);
  fs.writeFileSync(
    path.join(dir, 'route-manifest.json'),
    JSON.stringify(['/', '/dashboard', '/blog/', '/blog/$slug', '/admin/integrations/$platform', '/admin/']),
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('client routes and unknown addresses', () => {
  it('serves the shell with 200 for routes and 404 for anything else', async () => {
    const { deps } = await createHarness();
    const app = createApp(deps, { clientDir: dir });
    for (const p of ['/', '/dashboard', '/dashboard/', '/blog', '/admin', '/admin/integrations/brevo']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toBe(SHELL);
    }
    for (const p of ['/nope', '/dashboard/extra', '/blog/a/b', '/blog/no-such-post', '/admin/integrations', '/assets/missing.js', '/%E0%A4%A']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).toBe(SHELL);
    }
    const api = await app.request('/api/nope');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('a splat route takes the rest of the path', () => {
    const match = clientRouteMatcher(['/', '/files/$']);
    expect(match('/files/a/b/c')).toBe(true);
    expect(match('/files')).toBe(true);
    expect(match('/other')).toBe(false);
  });
});
