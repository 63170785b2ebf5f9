// A saved theme's logo: uploaded (raw body or multipart) by a plan with saved themes, its type read
// from its bytes, resized to fit 480 × 160 and re-encoded as PNG, served from /media; a saved theme
// carrying it shows it above the masthead of every issue, at half size; another account's logo, a
// file that is not an image, and plans without saved themes are refused.
import { describe, it, expect } from 'vitest';
import sharp from 'sharp';
import { harnessWithAdmin } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { signedIn } from '../newsletter/support';
import { THEME_MSG } from '../../../src/server/themes/custom-themes';
import { LOGO_MSG } from '../../../src/shared/schemas/themes';
import { savedThemeMeta, type ThemeBrand } from '../../../src/shared/schemas/themes';
import { houseBrand } from '../../fixtures/themes';
import { renderSaved } from './support';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#123c69' } })
    .png()
    .toBuffer();

const brand = (logo: ThemeBrand['logo']) => houseBrand({ logo });

describe('theme logos', () => {
  it('resizes an upload to fit 480 × 160 as PNG, serves it, and a saved theme shows it above the masthead', async () => {
    const h = await harnessWithAdmin();
    const { user, cookie } = await signedIn(h, { planType: 'professional' });
    const upload = (body: BodyInit, headers: Record<string, string> = {}) =>
      h.app.request('/api/uploads/theme-logo', { method: 'POST', headers: { cookie, 'content-type': 'image/png', ...headers }, body });

    const res = await upload(new Uint8Array(await png(1200, 400)));
    expect(res.status).toBe(201);
    const logo = (await res.json()) as { id: string; width: number; height: number };
    expect(logo).toMatchObject({ width: 480, height: 160 });
    const served = await h.app.request(`/media/${logo.id}.png`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 480, height: 160 });

    // A small JPEG in a multipart form keeps its size (never enlarged) and becomes a PNG.
    const form = new FormData();
    form.append(
      'file',
      new Blob([
        new Uint8Array(
          await sharp(await png(120, 60))
            .jpeg()
            .toBuffer(),
        ),
      ]),
      'logo.jpg',
    );
    const small = await h.app.request('/api/uploads/theme-logo', { method: 'POST', headers: { cookie }, body: form });
    expect(await small.json()).toMatchObject({ width: 120, height: 60 });

    // Not an image by its bytes: an SVG, a page named .png.
    for (const body of ['<svg xmlns="http://www.w3.org/2000/svg"/>', '<html><script>alert(1)</script></html>']) {
      const bad = await upload(body);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { message: string }).message).toBe(LOGO_MSG.type);
    }

    const api = h.caller(user);
    const saved = await api.themes.save({ brand: brand(logo) });
    expect(saved.brand.logo).toEqual(logo);
    const meta = savedThemeMeta(saved.id, saved.brand)!;
    const issue = renderSaved(meta);
    for (const html of [issue.html, issue.webHtml])
      expect(html).toMatch(new RegExp(`<img src="https://app.example.com/media/${logo.id}.png" width="240" height="80" alt=""`));

    // Another account cannot put this logo in its theme; a free account cannot upload.
    const other = await h.insertUser({ email: 'other@example.com', planType: 'business' });
    await expectStatus(h.caller(other).themes.save({ brand: brand(logo) }), 400, THEME_MSG.logoGone);
    const free = await signedIn(h, { planType: 'free' });
    const refused = await h.app.request('/api/uploads/theme-logo', {
      method: 'POST',
      headers: { cookie: free.cookie },
      body: new Uint8Array(await png(10, 10)),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(THEME_MSG.needsPlan);
  });
});
