// The Node.js versions the product runs on: the current LTS line (24) and later. package.json `engines`,
// .nvmrc, @types/node and esbuild's target name the same line (tests/unit/foundation/runtime.test.ts).
export const MIN_NODE_MAJOR = 24;

/** The sentence that refuses `version` (process.versions.node), or null when it is supported. */
export function unsupportedNode(version: string): string | null {
  const major = Number(version.split('.')[0]);
  if (Number.isInteger(major) && major >= MIN_NODE_MAJOR) return null;
  return (
    `Curated needs Node.js ${MIN_NODE_MAJOR} or newer and this is Node.js ${version}: start it with \`npm start\` ` +
    `(which runs the Node.js ${MIN_NODE_MAJOR} that \`npm install\` puts in node_modules) or install Node.js ${MIN_NODE_MAJOR}.`
  );
}
