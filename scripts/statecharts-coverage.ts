// `npm run statecharts:coverage`: runs the machines' path tests, then prints for every machine in
// src/machines the transitions its path tests take out of all its transitions, and fails below 100%
// or when a machine has no path test. Machines are found by their files: a new
// `<name>.machine.ts` is counted without changing this script. A machine the apps do not run
// (nothing they load makes it: only tests do) fails too, and its path tests count for nothing: a
// dead machine is deleted, not covered (`app-machines.ts`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { appMachines } from './app-machines.js';

const recordSchema = z.object({
  id: z.string(),
  all: z.array(z.string()),
  covered: z.array(z.string()),
});

const { ids, isRun } = await appMachines();
const notRun = (file: string) => !isRun(file);

const dir = mkdtempSync(path.join(tmpdir(), 'statechart-coverage-'));
const run = spawnSync('npx', ['vitest', 'run', 'tests/machines', '--project', 'node'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, STATECHART_COVERAGE_DIR: dir },
});
if (run.status !== 0) {
  console.error('The path tests failed; coverage counts only what they walked.');
  process.exitCode = 1;
}

const all = new Map<string, Set<string>>();
const covered = new Map<string, Set<string>>();
for (const file of readdirSync(dir)) {
  const record = recordSchema.parse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
  all.set(record.id, new Set(record.all));
  const seen = covered.get(record.id) ?? new Set<string>();
  for (const t of record.covered) seen.add(t);
  covered.set(record.id, seen);
}

let failed = false;
console.log('Transitions taken by path tests, per machine:');
for (const [id, file] of [...ids.entries()].sort()) {
  if (notRun(file)) {
    failed = true;
    console.log(`  ${id.padEnd(14)} not run by the apps (${file}): only tests make it ✗`);
    continue;
  }
  const total = all.get(id);
  if (!total) {
    failed = true;
    console.log(`  ${id.padEnd(14)} no path test (${file}) ✗`);
    continue;
  }
  const taken = [...total].filter((t) => covered.get(id)?.has(t));
  const percent = total.size === 0 ? 100 : Math.floor((taken.length / total.size) * 100);
  const ok = taken.length === total.size;
  if (!ok) failed = true;
  console.log(`  ${id.padEnd(14)} ${taken.length}/${total.size} (${percent}%) ${ok ? '✓' : '✗'}`);
  if (!ok) for (const t of total) if (!taken.includes(t)) console.log(`      not taken: ${t}`);
}
if (failed) {
  console.error('Every transition of every machine must be taken by a path test.');
  if ([...ids.values()].some(notRun)) {
    console.error(
      'A machine the apps do not run is dead: delete it, or make it where the apps run it (a page, the composition roots, or a machine that is run).',
    );
  }
  process.exit(1);
}
