// The install step for better-sqlite3's native module (scripts/native-deps.ts), on a project folder of the
// test's own: a copy of the installed package without the binaries it ships (so nothing loads by itself),
// and a cache holding this platform's real binary under a key. A matching entry is used; one for another
// lockfile entry or Node ABI, or with a wrong checksum, is deleted and never copied in.
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { cacheDir, cacheKey, ensureNative, store } from '../../../scripts/native-deps';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const installed = path.join(ROOT, 'node_modules', 'better-sqlite3');
const prebuild = (createRequire(import.meta.url)(path.join(installed, 'lib', 'binding.js')) as { getPrebuildPath(): string | null }).getPrebuildPath();
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };

let root: string;
let cacheBase: string;
const built = () => path.join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'native-deps-'));
  cacheBase = path.join(root, 'cache');
  const pkg = path.join(root, 'node_modules', 'better-sqlite3');
  fs.cpSync(installed, pkg, { recursive: true, filter: (src) => !src.includes(`${path.sep}prebuilds`) && !src.includes(`${path.sep}build${path.sep}`) });
  fs.writeFileSync(
    path.join(root, 'package-lock.json'),
    JSON.stringify({ packages: { 'node_modules/better-sqlite3': lock.packages['node_modules/better-sqlite3'] } }),
  );
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** Nothing loads, the cache entry in `entry` is refused for `why` and deleted, and nothing was copied in. */
function expectRefused(entry: string, why: RegExp) {
  const logged: string[] = [];
  expect(() => ensureNative({ root, cacheBase, compile: false, log: (l) => logged.push(l) })).toThrow(/no cached build matches/);
  expect(logged.join('\n')).toMatch(why);
  expect(fs.existsSync(entry)).toBe(false);
  expect(fs.existsSync(built())).toBe(false);
}

describe.skipIf(!prebuild)('the native module at install', () => {
  it('a package whose binary loads is left as it is, and nothing is cached', () => {
    fs.cpSync(installed, path.join(root, 'node_modules', 'better-sqlite3'), { recursive: true });
    expect(ensureNative({ root, cacheBase, compile: false })).toBe('loads');
    expect(fs.existsSync(cacheBase)).toBe(false);
  });

  it('with nothing that loads and no cache, it refuses when compiling is not allowed', () => {
    expect(() => ensureNative({ root, cacheBase, compile: false })).toThrow(/does not load in Node .* no cached build matches/);
  });

  it('takes the build cached for the same lockfile entry and Node ABI, and it loads', () => {
    store(cacheBase, cacheKey(root), prebuild!);
    expect(ensureNative({ root, cacheBase, compile: false })).toBe('cached');
    expect(fs.readFileSync(built()).equals(fs.readFileSync(prebuild!))).toBe(true);
  });

  it.each([
    ['another lockfile entry', { integrity: 'sha512-other' }],
    ['another Node ABI', { abi: '115' }],
  ])('an entry stored for %s under this key is deleted, not used', (_what, change) => {
    // The entry sits where this key's entry goes, but its manifest names another key.
    const key = cacheKey(root);
    store(cacheBase, { ...key, ...change }, prebuild!);
    const other = cacheDir(cacheBase, { ...key, ...change });
    fs.renameSync(other, cacheDir(cacheBase, key));
    expectRefused(cacheDir(cacheBase, key), /its key does not match/);
  });

  it('an entry whose file was changed is deleted, not copied in', () => {
    const key = cacheKey(root);
    store(cacheBase, key, prebuild!);
    fs.appendFileSync(path.join(cacheDir(cacheBase, key), 'better_sqlite3.node'), 'x');
    expectRefused(cacheDir(cacheBase, key), /its checksum does not match/);
  });

  it('the key follows the lockfile: an installed version the lockfile does not name is an error', () => {
    fs.writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify({ packages: { 'node_modules/better-sqlite3': { version: '0.0.1' } } }));
    expect(() => cacheKey(root)).toThrow(/is installed but package-lock.json names 0.0.1/);
  });
});
