// src/server has no import circles, type-only imports included. ESLint's import-x/no-cycle
// (eslint.config.js) follows value imports only; a circle of types still ties modules into one
// (context.ts naming a type from a domain module that imports context.ts back), so this test follows
// every import TypeScript sees: value, type-only, re-exports and import().
import { describe, it, expect } from 'vitest';
import path from 'node:path';
import { circles, importGraph, importedNames, root, sourcesUnder } from './import-graph';

describe('import circles', () => {
  it('finds a circle closed by any import', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads every kind of import, wherever it stands in the file', () => {
    const text = [
      "import a from './a';",
      "import type { B } from './b';",
      "export { c } from './c';",
      'const pattern = /["\\]/g; const t = `${pattern}`;',
      "import d from './d';",
      "const e = () => import('./e');",
      "type F = import('./f').F;",
      "import g = require('./g');",
    ].join('\n');
    expect(importedNames('x.ts', text)).toEqual(['./a', './b', './c', './d', './e', './f', './g']);
  });

  it('src/server has none, type-only imports included', () => {
    const server = path.join(root, 'src/server');
    const graph = importGraph(sourcesUnder(server));
    const found = circles(graph).map((c) => c.map((f) => path.relative(server, f)));
    expect(found).toEqual([]);
  });
});
