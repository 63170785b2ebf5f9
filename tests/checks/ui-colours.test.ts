// The client's text colours come from the token table (src/client/lib/design-tokens.ts): a grey too faint for
// 4.5:1 on the UI's grounds is refused where it is written, light (`text-zinc-400`) or dark
// (`dark:text-zinc-600`), so a page cannot quietly fall below WCAG AA between two accessibility sweeps.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT = path.resolve(import.meta.dirname, '../../src/client');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.gen.ts') ? [full] : [];
  });
}

/** Class names that are text colours below 4.5:1 on the grounds they are drawn on. */
const FAINT = /(?<![\w:[\]&-])(text-zinc-(?:300|400|500)|dark:text-zinc-(?:500|600|700|800))(?![\w-])/g;

export function faintClasses(source: string): string[] {
  return [...source.matchAll(FAINT)].map((m) => m[1]!);
}

describe('text colours of the client', () => {
  it('recognises a faint grey and leaves tokens, hover states and icons alone', () => {
    expect(faintClasses(`className="text-xs text-zinc-400" x='dark:text-zinc-600'`)).toEqual(['text-zinc-400', 'dark:text-zinc-600']);
    expect(faintClasses(`"text-muted hover:text-zinc-500 [&_svg]:text-zinc-400 dark:text-zinc-400 text-zinc-900"`)).toEqual([]);
  });

  it('uses no grey below AA (write text-muted, from lib/design-tokens.ts)', () => {
    const found = sources(CLIENT).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => faintClasses(line).map((c) => `${path.relative(CLIENT, file)}:${i + 1} ${c}`)),
    );
    expect(found).toEqual([]);
  });
});
