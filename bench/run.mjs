// `npm run bench`: runs every benchmark in bench/ in turn (each writes bench/results/<name>.json).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
const benches = readdirSync('bench')
  .filter((f) => /\.bench\.(ts|mjs)$/.test(f))
  .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  const result = spawnSync('npx', ['tsx', `bench/${file}`], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
