// `npm run test:counts`: how many tests are written by hand and how many the path tests generate,
// for docs/development.md. Hand-written: every `it`/`test` call site in tests/ and e2e/ (a
// table-driven `it.each` counts once), except `it.each(paths…)`, whose cases are generated: one per
// path the machine's graph yields, counted by running the path tests (tests/machines) and keeping
// the cases titled by a path (every path starts at the machine's `init`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { countTestSites } from './test-sites.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const { handWritten, generatedSites } = countTestSites(['tests', 'e2e']);

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
