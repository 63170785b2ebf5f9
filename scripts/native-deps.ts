// postinstall: makes sure better-sqlite3's native module loads in the Node.js that runs the project (the
// npm `node` package's, which npm puts first on PATH for every script). better-sqlite3 ships Node-API
// binaries for Linux (glibc and musl), macOS and Windows on x64 and arm64 in its own package, so there this
// only checks that one loads. Elsewhere (another platform, or a binary that does not load) it takes a build
// made before for the same lockfile entry and Node ABI from the cache, or compiles one with node-gyp
// against this Node's own headers and caches it. A cache entry whose key, checksum or loading does not
// match is deleted, never half-used.
// `--no-compile`: fail instead of compiling (what a CI machine with a warm cache expects).
// Runs with Node's type stripping (no imports of project code, erasable syntax only); the tests import
// `ensureNative` and run it on a project folder of their own.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PKG = 'better-sqlite3';

export interface NativeOptions {
  /** The project folder (its node_modules and package-lock.json). */
  root: string;
  /** Where builds are cached. */
  cacheBase: string;
  /** Compile when nothing loads and no cached build matches (else fail). */
  compile: boolean;
  log?: (line: string) => void;
}

export type NativeOutcome = 'loads' | 'cached' | 'compiled';

interface CacheKey {
  package: string;
  version: string;
  integrity: string;
  abi: string;
  platform: string;
  arch: string;
  libc: string;
}

export const defaultCacheBase = () =>
  process.env.NATIVE_CACHE_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'curated', 'native');

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Copies `from` to `to` through a temporary file in the same folder, so `to` is whole or absent. */
function copyWhole(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const tmp = `${to}.${process.pid}.tmp`;
  fs.copyFileSync(from, tmp);
  fs.renameSync(tmp, to);
}

/** The cache key of this Node and the lockfile's entry for the package (which must be what is installed). */
export function cacheKey(root: string): CacheKey {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; integrity?: string }>;
  };
  const entry = lock.packages[`node_modules/${PKG}`];
  const installed = (JSON.parse(fs.readFileSync(path.join(root, 'node_modules', PKG, 'package.json'), 'utf8')) as { version: string }).version;
  if (!entry?.version || entry.version !== installed)
    throw new Error(`${PKG} ${installed} is installed but package-lock.json names ${entry?.version ?? 'none'}`);
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return {
    package: PKG,
    version: entry.version,
    integrity: entry.integrity ?? '',
    abi: process.versions.modules,
    platform: process.platform,
    arch: process.arch,
    libc: header?.glibcVersionRuntime ? `glibc-${header.glibcVersionRuntime}` : 'other',
  };
}

/** The cache folder of `key`: named by the package, version, ABI and platform, and a hash of the whole key. */
export function cacheDir(cacheBase: string, key: CacheKey): string {
  const hash = crypto.createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 16);
  return path.join(cacheBase, `${PKG}-${key.version}-abi${key.abi}-${key.platform}-${key.arch}-${hash}`);
}

/** Puts the build `file` in the cache under `key` (whole or not at all). */
export function store(cacheBase: string, key: CacheKey, file: string, log: (line: string) => void = () => {}): void {
  const dir = cacheDir(cacheBase, key);
  const tmp = `${dir}.${process.pid}.tmp`;
  try {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.mkdirSync(tmp, { recursive: true });
    fs.copyFileSync(file, path.join(tmp, 'better_sqlite3.node'));
    fs.writeFileSync(
      path.join(tmp, 'manifest.json'),
      JSON.stringify({ key, sha256: sha256(file), node: process.version, at: new Date().toISOString() }, null, 2),
    );
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(tmp, dir);
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    log(`could not cache the build (${(err as Error).message}); the next install compiles again`);
  }
}

/** This Node's own headers: its install prefix, beside its binary, or the npm `node` package's platform package. */
function headersDir(root: string): string | null {
  const platformPkg = path.join(root, 'node_modules', 'node', 'node_modules', `node-${process.platform}-${process.arch}`);
  const candidates = [String(process.config.variables.node_prefix ?? ''), path.resolve(path.dirname(process.execPath), '..'), platformPkg];
  for (const dir of candidates) {
    try {
      const h = fs.readFileSync(path.join(dir, 'include', 'node', 'node_version.h'), 'utf8');
      const part = (name: string) => h.match(new RegExp(`#define NODE_${name}_VERSION (\\d+)`))?.[1];
      if (dir && [part('MAJOR'), part('MINOR'), part('PATCH')].join('.') === process.versions.node) return dir;
    } catch {
      // not here
    }
  }
  return null;
}

/** npm's own node-gyp: npm names it to lifecycle scripts; run by hand, it is found beside npm. */
function nodeGyp(): string {
  const named = process.env.npm_config_node_gyp;
  if (named && fs.existsSync(named)) return named;
  const root = spawnSync('npm', ['root', '-g'], { encoding: 'utf8' }).stdout.trim();
  const file = path.join(root, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  if (!fs.existsSync(file)) throw new Error('node-gyp was not found (it comes with npm); run this through `npm install`');
  return file;
}

export function ensureNative({ root, cacheBase, compile, log = () => {} }: NativeOptions): NativeOutcome {
  const pkgDir = path.join(root, 'node_modules', PKG);
  const built = path.join(pkgDir, 'build', 'Release', 'better_sqlite3.node');
  if (!fs.existsSync(pkgDir)) throw new Error(`${PKG} is not installed`);
  /** Whether the package loads in this Node and answers a query (in a fresh process: a loaded addon stays loaded). */
  const loads = () => {
    const probe = `const D = require(${JSON.stringify(pkgDir)}); new D(':memory:').prepare('select sqlite_version()').get();`;
    return spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore' }).status === 0;
  };
  if (loads()) return 'loads';

  const key = cacheKey(root);
  const dir = cacheDir(cacheBase, key);
  const cached = path.join(dir, 'better_sqlite3.node');
  if (fs.existsSync(path.join(dir, 'manifest.json')) && fs.existsSync(cached)) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { key: CacheKey; sha256: string };
      if (JSON.stringify(manifest.key) !== JSON.stringify(key)) throw new Error('its key does not match this lockfile entry and Node');
      if (sha256(cached) !== manifest.sha256) throw new Error('its checksum does not match');
      copyWhole(cached, built);
      if (!loads()) throw new Error('it does not load');
      return 'cached';
    } catch (err) {
      log(`deleted the cached build in ${dir}: ${(err as Error).message}`);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(built, { force: true });
    }
  }
  if (!compile) throw new Error(`${PKG} does not load in Node ${process.version} and no cached build matches (compiling was not allowed)`);

  const headers = headersDir(root);
  // A machine-wide npm config may name another Node's headers; this Node's own, or none (node-gyp then
  // fetches them for this version).
  const env = { ...process.env };
  delete env.npm_config_nodedir;
  const args = [nodeGyp(), 'rebuild', '--release', '--force_build=1', '--jobs=max', ...(headers ? [`--nodedir=${headers}`] : [])];
  log(`${PKG}: compiling for Node ${process.version}${headers ? ` against the headers in ${headers}` : ''}`);
  // The compiler's warnings on SQLite's sources are noise; its output is shown when the build fails.
  const run = spawnSync(process.execPath, args, { cwd: pkgDir, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0 || !loads()) {
    console.error(`${run.stdout}${run.stderr}`.split('\n').slice(-60).join('\n'));
    throw new Error(`${PKG} could not be built for Node ${process.version} (node-gyp exit ${run.status}); a C++ compiler, make and python3 are needed`);
  }
  store(cacheBase, key, built, log);
  return 'compiled';
}

if (import.meta.main) {
  const say = (line: string) => console.log(`native-deps: ${line}`);
  const root = path.resolve(import.meta.dirname, '..');
  const started = Date.now();
  try {
    const outcome = ensureNative({ root, cacheBase: defaultCacheBase(), compile: !process.argv.includes('--no-compile'), log: say });
    const seconds = Math.round((Date.now() - started) / 1000);
    say(
      outcome === 'loads'
        ? `${PKG} loads in Node ${process.version}`
        : outcome === 'cached'
          ? `${PKG}: took the build cached for this lockfile entry and Node ABI ${process.versions.modules}`
          : `${PKG}: compiled in ${seconds} s and cached in ${defaultCacheBase()}`,
    );
  } catch (err) {
    console.error(`native-deps: ${(err as Error).message}`);
    process.exit(1);
  }
}
