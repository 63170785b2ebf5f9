import { searchDirectory } from '../src/server/feeds/directory';
for (const t of process.argv.slice(2)) {
  const p = searchDirectory(t, 1);
  console.log(`\n## ${t}: ${p.total}`);
  for (const r of p.rows.slice(0, 8)) console.log('  ', r.id, '|', r.tags);
}
