// The web fonts saved themes may use, served from /fonts/<slug>-latin-<400|700>-normal.woff2 out of the
// @fontsource packages (self-hosted: a reader's mail client asks this server, not a font service).
// Any origin may load them (mail clients and web mail show them from their own origins).
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { EMAIL_FONTS, type WebFont } from '../../shared/email-fonts';

const require = createRequire(import.meta.url);

const FILES = new Map<string, string>();
for (const f of Object.values(EMAIL_FONTS) as { web?: WebFont }[]) {
  if (!f.web) continue;
  for (const weight of [400, 700]) FILES.set(`${f.web.slug}-latin-${weight}-normal.woff2`, `@fontsource/${f.web.slug}`);
}

const cache = new Map<string, Buffer>();

/** A web font file by name, or null for any other name. */
export async function webFontFile(name: string): Promise<Buffer | null> {
  const pkg = FILES.get(name);
  if (!pkg) return null;
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = await fs.readFile(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files', name));
    cache.set(name, bytes);
  }
  return bytes;
}
