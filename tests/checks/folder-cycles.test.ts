// The folders of src/server import each other one way: no folder reaches back to a folder that imports it
// (readers -> mail is allowed, mail -> readers as well only if readers never imports mail). The files at the
// top of src/server (context.ts, db.ts, app.ts: the composition and shared infrastructure) are not a folder;
// the file-level test (import-cycles.test.ts) keeps them out of circles.
import { describe, it, expect } from 'vitest';
import path from 'node:path';
import { circles, importGraph, root, sourcesUnder } from './import-graph';

/** Collapses a file graph onto folders: `a -> b` when a file of folder a imports a file of folder b. */
function folderGraph(files: Map<string, string[]>, folderOf: (file: string) => string | null) {
  const graph = new Map<string, Set<string>>();
  const because = new Map<string, string>();
  for (const [from, targets] of files) {
    const a = folderOf(from);
    if (!a) continue;
    for (const to of targets) {
      const b = folderOf(to);
      if (!b || b === a) continue;
      if (!graph.has(a)) graph.set(a, new Set());
      graph.get(a)!.add(b);
      if (!because.has(`${a} -> ${b}`)) because.set(`${a} -> ${b}`, `${from} -> ${to}`);
    }
  }
  return { graph: new Map([...graph].map(([k, v]) => [k, [...v]])), because };
}

/** Each circle with, for every folder edge inside it, one import that makes it. */
function folderCircles(files: Map<string, string[]>, folderOf: (file: string) => string | null) {
  const { graph, because } = folderGraph(files, folderOf);
  return circles(graph).map((folders) => {
    const inside = new Set(folders);
    const edges = folders.flatMap((a) => (graph.get(a) ?? []).filter((b) => inside.has(b)).map((b) => because.get(`${a} -> ${b}`)!));
    return { folders, edges };
  });
}

describe('folder cycles', () => {
  const topFolder = (file: string) => (file.includes('/') ? file.split('/')[0]! : null);

  it('finds a circle between folders that no single file closes', () => {
    const files = new Map([
      ['mail/send.ts', ['readers/policy.ts']],
      ['readers/policy.ts', []],
      ['readers/pages.ts', ['mail/headers.ts']],
      ['mail/headers.ts', []],
      ['context.ts', ['mail/send.ts']],
    ]);
    expect(folderCircles(files, topFolder)).toEqual([
      { folders: ['mail', 'readers'], edges: ['mail/send.ts -> readers/policy.ts', 'readers/pages.ts -> mail/headers.ts'] },
    ]);
    files.set('readers/pages.ts', []);
    expect(folderCircles(files, topFolder)).toEqual([]);
  });

  it('src/server has none, type-only imports included', () => {
    const server = path.join(root, 'src/server');
    const graph = importGraph(sourcesUnder(server));
    const relative = new Map([...graph].map(([from, to]) => [path.relative(server, from), to.map((t) => path.relative(server, t))]));
    expect(folderCircles(relative, topFolder)).toEqual([]);
  });
});
