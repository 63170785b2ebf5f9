// `npm run bench`: runs every benchmark section in one process and prints figures with budgets.
// Each section is a module in this folder exporting `default async function run(): Promise<void>`
// that prints its own lines through `report` from ./report.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const ORDER = [
  'api',
  'stall',
  'client',
  'feeds',
  'directory',
  'newsletter',
  'workflow',
  'delivery',
  'precheck',
  'ai',
  'tracking',
  'recurring',
  'segments',
  'postgres',
  'data-gate',
  'shared-state',
];
const only = process.argv.slice(2);

for (const name of ORDER) {
  if (only.length && !only.includes(name)) continue;
  const file = path.join(here, `${name}.ts`);
  if (!fs.existsSync(file)) continue;
  console.log(`\n== ${name} ==`);
  const mod = (await import(file)) as { default: () => Promise<void> };
  await mod.default();
}
