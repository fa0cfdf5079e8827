// `npm run test:counts`: how many tests are written by hand and how many the path tests generate,
// for docs/development.md. Hand-written: every `it`/`test` call site in tests/ and e2e/ (a
// table-driven `it.each` counts once), except `it.each(paths…)`, whose cases are generated: one per
// path the machine's graph yields, counted by running the path tests (tests/machines) and keeping
// the cases titled by a path (every path starts at the machine's `init`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const testFile = /\.(test|spec)\.tsx?$/;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : files(full);
    return testFile.test(name) ? [full] : [];
  });

let handWritten = 0;
let generatedSites = 0;
for (const file of [...files('tests'), ...files('e2e')]) {
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/\b(it|test)(\.(each|skip|only|concurrent|fails))?\(\s*/g)) {
    const rest = source.slice(match.index + match[0].length, match.index + match[0].length + 12);
    if (match[3] === 'each' && /^paths\b/.test(rest)) generatedSites++;
    else handWritten++;
  }
}

const report = path.join(mkdtempSync(path.join(tmpdir(), 'test-counts-')), 'report.json');
spawnSync(
  'npx',
  [
    'vitest',
    'run',
    'tests/machines',
    '--project',
    'node',
    '--reporter=json',
    `--outputFile=${report}`,
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
const reportSchema = z.object({
  testResults: z.array(z.object({ assertionResults: z.array(z.object({ title: z.string() })) })),
});
const titles = reportSchema
  .parse(JSON.parse(readFileSync(report, 'utf8')))
  .testResults.flatMap((r) => r.assertionResults.map((a) => a.title));
const generated = titles.filter((t) => /(^|[\s(])(xstate\.)?init\b|\(start\)/.test(t)).length;

console.log(`Hand-written tests (it/test call sites, a table once): ${handWritten}`);
console.log(`Generated path cases (from ${generatedSites} it.each over paths): ${generated}`);
