// The runtime line is named in one place (src/server/runtime.ts) and every other place that names it agrees:
// package.json engines and its pinned `node` package, .nvmrc, @types/node, the server bundle's target.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { MIN_NODE_MAJOR, unsupportedNode } from '../../src/server/runtime';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; dependencies: Record<string, string>; devDependencies: Record<string, string> };
const major = (version: string) => Number(version.match(/\d+/)?.[0]);

describe('the runtime', () => {
  it('refuses an older Node.js with one sentence naming both versions, and accepts the line and later', () => {
    expect(unsupportedNode('20.20.2')).toBe(
      'Curated needs Node.js 24 or newer and this is Node.js 20.20.2: start it with `npm start` (which runs the Node.js 24 that `npm install` puts in node_modules) or install Node.js 24.',
    );
    expect(unsupportedNode('23.11.0')).toMatch(/^Curated needs Node\.js 24 or newer/);
    expect(unsupportedNode('24.0.0')).toBeNull();
    expect(unsupportedNode('26.1.0')).toBeNull();
    expect(unsupportedNode('not-a-version')).not.toBeNull();
  });

  it('every place that names the line names the same one', () => {
    expect(pkg.engines.node).toBe(`>=${MIN_NODE_MAJOR}`);
    expect(major(pkg.dependencies.node)).toBe(MIN_NODE_MAJOR);
    expect(read('.nvmrc').trim()).toBe(String(MIN_NODE_MAJOR));
    expect(major(pkg.devDependencies['@types/node'])).toBe(MIN_NODE_MAJOR);
    expect(read('scripts/build-server.ts')).toContain(`target: 'node${MIN_NODE_MAJOR}'`);
    expect(read('README.md')).toContain(`Node.js ${MIN_NODE_MAJOR}`);
  });

  it('the tests run on that line', () => {
    expect(unsupportedNode(process.versions.node)).toBeNull();
  });
});
