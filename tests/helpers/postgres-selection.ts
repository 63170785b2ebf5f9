// Which integration test files run on Postgres as well as on SQLite (`npm run test:postgres`; the whole
// suite on Postgres is `npm run test:postgres:full`). A file runs there when it carries the tag
// `// @postgres` in its header. The rule that says which files must carry it, enforced by
// tests/checks/postgres-selection.test.ts (a file may also carry it without a reason):
//   1. it is under tests/integration/concurrency/ (check-then-write under READ COMMITTED: the locks);
//   2. it, or a support module of tests/integration/ it imports, imports the job queue (src/server/jobs/,
//      job-handlers), the locks, the bus (LISTEN/NOTIFY), the data layer (src/server/db), db/dialect,
//      tests/helpers/db-faults, or a dialect-sensitive module;
//   3. it writes SQL of its own (drizzle's sql`…`);
//   4. it calls a procedure (`.<router>.<procedure>(` or `/api/trpc/<router>.<procedure>`) whose resolver
//      uses a function of a dialect-sensitive module.
// Dialect-sensitive modules are the files of src/server (outside the data layer itself, which
// tests/postgres covers) with SQL the two dialects read differently (sql`…`, upserts with
// onConflictDo…, the per-dialect SQL of sql-dialect.ts), a branch on the dialect (isPostgres(), DIALECT),
// or a job they queue (.enqueue()).
// Limits: procedures are followed one call deep (the resolver's own functions), and REST paths other
// than /api/trpc are not followed; a test of such a path is tagged by hand when it needs Postgres.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const TAG = '// @postgres';
const SERVER = path.join(ROOT, 'src/server');
const INTEGRATION = path.join(ROOT, 'tests/integration');

const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

export const integrationFiles = () => walk(INTEGRATION).filter((f) => f.endsWith('.test.ts'));

/** Whether the file's leading comment lines carry the tag. */
export function isTagged(text: string): boolean {
  for (const line of text.split('\n')) {
    if (!line.startsWith('//')) return false;
    if (line.trim() === TAG) return true;
  }
  return false;
}

/** The files whose tag puts them in the Postgres run, relative to the repository. */
export const taggedFiles = () =>
  integrationFiles()
    .filter((f) => isTagged(fs.readFileSync(f, 'utf8')))
    .map((f) => path.relative(ROOT, f));

/** What makes a source text dialect-sensitive (empty when nothing does). */
export function sensitiveConstructs(text: string): string[] {
  const found: string[] = [];
  if (/\bsql`/.test(text)) found.push('SQL of its own (sql`…`)');
  if (/\bonConflictDo(Update|Nothing)\b/.test(text)) found.push('an upsert');
  if (/\bisPostgres\(|\bDIALECT\b/.test(text)) found.push('a branch on the dialect');
  if (/\.enqueue\(/.test(text)) found.push('a job it queues');
  if (/from '\.{1,2}\/(\.\.\/)*sql-dialect'/.test(text)) found.push('SQL written per dialect (sql-dialect.ts)');
  return found;
}

/** The dialect-sensitive modules of src/server, with what makes each one so. */
export function sensitiveModules(): Map<string, string[]> {
  const dataLayer = new Set(['db.ts', 'data-gate.ts'].map((f) => path.join(SERVER, f)));
  const found = new Map<string, string[]>();
  for (const file of walk(SERVER).filter((f) => f.endsWith('.ts') && !dataLayer.has(f))) {
    const why = sensitiveConstructs(fs.readFileSync(file, 'utf8'));
    if (why.length) found.set(file, why);
  }
  return found;
}

/** A relative import of `from` resolved to a file, or null. */
function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** The value imports of a file: each local name with the file it comes from, and the files imported. */
function importsOf(file: string): { names: Map<string, string>; files: Set<string> } {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const names = new Map<string, string>();
  const files = new Set<string>();
  for (const s of sf.statements) {
    if (!ts.isImportDeclaration(s) && !ts.isExportDeclaration(s)) continue;
    if (!s.moduleSpecifier || !ts.isStringLiteral(s.moduleSpecifier)) continue;
    if (ts.isImportDeclaration(s) && s.importClause?.isTypeOnly) continue;
    const target = resolve(file, s.moduleSpecifier.text);
    if (!target) continue;
    files.add(target);
    const clause = ts.isImportDeclaration(s) ? s.importClause : undefined;
    if (clause?.name) names.set(clause.name.text, target);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) if (!e.isTypeOnly) names.set(e.name.text, target);
  }
  return { names, files };
}

/**
 * Each procedure (`router.procedure`, the router by its name in the app router) with the sensitive modules its
 * resolver uses. A router file names its procedures in `router({ ... })` or, built from its contract, in the
 * handlers of `implement(contract, { ... })` (spread into `router(...)`); a handler may be a function the file
 * declares, or a property of an object one of its functions builds (`...handlers('account')`, `system.list`).
 */
export function sensitiveProcedures(modules = sensitiveModules()): Map<string, string[]> {
  const rootFile = path.join(SERVER, 'routers/index.ts');
  const root = ts.createSourceFile(rootFile, fs.readFileSync(rootFile, 'utf8'), ts.ScriptTarget.Latest, true);
  const rootImports = importsOf(rootFile).names;
  const routerFiles = new Map<string, string>();
  const visitRoot = (n: ts.Node) => {
    if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.initializer) && rootImports.has(n.initializer.text))
      routerFiles.set(n.name.getText(root), rootImports.get(n.initializer.text)!);
    ts.forEachChild(n, visitRoot);
  };
  visitRoot(root);
  const procedures = new Map<string, string[]>();
  for (const [routerName, file] of routerFiles) {
    const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const names = importsOf(file).names;
    // The file's own top-level functions and constants, by name.
    const locals = new Map<string, ts.Node>();
    for (const s of sf.statements) {
      if (ts.isFunctionDeclaration(s) && s.name) locals.set(s.name.text, s);
      if (ts.isVariableStatement(s))
        for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) locals.set(d.name.text, d.initializer);
    }
    // The object literal an expression stands for in this file: written there, or built by a local function or constant.
    const objectOf = (e: ts.Expression, seen = new Set<ts.Node>()): ts.ObjectLiteralExpression | undefined => {
      if (ts.isParenthesizedExpression(e)) return objectOf(e.expression, seen);
      if (ts.isObjectLiteralExpression(e)) return e;
      const target = ts.isIdentifier(e)
        ? locals.get(e.text)
        : ts.isCallExpression(e) && ts.isIdentifier(e.expression)
          ? locals.get(e.expression.text)
          : undefined;
      if (!target || seen.has(target)) return undefined;
      seen.add(target);
      if (ts.isIdentifier(e)) return ts.isExpression(target) ? objectOf(target, seen) : undefined;
      const body = ts.isFunctionDeclaration(target) || ts.isArrowFunction(target) || ts.isFunctionExpression(target) ? target.body : undefined;
      if (!body) return undefined;
      if (!ts.isBlock(body)) return objectOf(body, seen);
      const returned = body.statements.find(ts.isReturnStatement)?.expression;
      return returned ? objectOf(returned, seen) : undefined;
    };
    const usedBy = (node: ts.Node): string[] => {
      const used = new Set<string>();
      const followed = new Set<ts.Node>();
      const collect = (m: ts.Node) => {
        if (ts.isIdentifier(m) && names.has(m.text) && modules.has(names.get(m.text)!)) used.add(path.relative(ROOT, names.get(m.text)!));
        const local = ts.isIdentifier(m) ? locals.get(m.text) : undefined;
        if (local && !followed.has(local)) {
          followed.add(local);
          collect(local);
        }
        ts.forEachChild(m, collect);
      };
      collect(node);
      return [...used];
    };
    const handlers = (object: ts.ObjectLiteralExpression) => {
      for (const p of object.properties) {
        if (ts.isSpreadAssignment(p)) {
          const spread = objectOf(p.expression);
          if (spread) handlers(spread);
          continue;
        }
        const name = p.name?.getText(sf);
        if (!name) continue;
        if (ts.isShorthandPropertyAssignment(p)) procedures.set(`${routerName}.${name}`, usedBy(p.name));
        else if (ts.isMethodDeclaration(p)) procedures.set(`${routerName}.${name}`, usedBy(p));
        else if (ts.isPropertyAssignment(p)) {
          const i = p.initializer;
          // `system.list`: the property of an object a local function builds.
          const from = ts.isPropertyAccessExpression(i) ? objectOf(i.expression) : undefined;
          const picked = from?.properties.find((q) => q.name?.getText(sf) === i.getText(sf).split('.').pop());
          procedures.set(`${routerName}.${name}`, usedBy(picked ?? i));
        }
      }
    };
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
        const object = n.expression.text === 'router' ? n.arguments[0] : n.expression.text === 'implement' ? n.arguments[1] : undefined;
        if (object && ts.isObjectLiteralExpression(object)) handlers(object);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return procedures;
}

const INFRASTRUCTURE = [
  /src\/server\/jobs\//,
  /src\/server\/job-handlers\.ts$/,
  /src\/server\/locks\.ts$/,
  /src\/server\/bus\.ts$/,
  /src\/server\/db\.ts$/,
  /db\/dialect\.ts$/,
  /tests\/helpers\/db-faults\.ts$/,
];

/** Why `file` (an integration test) must run on Postgres too; empty when nothing says so. */
export function reasonsFor(file: string, modules = sensitiveModules(), procedures = sensitiveProcedures(modules), supportRoot = INTEGRATION): string[] {
  const reasons: string[] = [];
  if (file.includes(`${path.sep}concurrency${path.sep}`)) reasons.push('a concurrency test');
  // The file and the support modules of tests/integration it reaches.
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length) {
    const current = queue.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const target of importsOf(current).files) {
      const rel = path.relative(ROOT, target);
      if (INFRASTRUCTURE.some((re) => re.test(rel))) reasons.push(`imports ${rel}${current === file ? '' : ` (through ${path.basename(current)})`}`);
      else if (modules.has(target)) reasons.push(`imports ${rel}, which has ${modules.get(target)!.join(', ')}`);
      if (target.startsWith(supportRoot) && !target.endsWith('.test.ts')) queue.push(target);
    }
  }
  const text = fs.readFileSync(file, 'utf8');
  if (/\bsql`/.test(text)) reasons.push('writes SQL of its own');
  // Overlapping matches: in `s.api.readers.growth(` the procedure is the last two names.
  const called = new Set([...text.matchAll(/(?=\.(\w+)\.(\w+)\s*\()/g), ...text.matchAll(/\/api\/trpc\/(\w+)\.(\w+)/g)].map((m) => `${m[1]}.${m[2]}`));
  for (const proc of called) if (procedures.get(proc)?.length) reasons.push(`calls ${proc}, which uses ${procedures.get(proc)!.join(', ')}`);
  return [...new Set(reasons)];
}
