/**
 * The mutation score per folder and in total, from one or more Stryker JSON reports (the mutation
 * testing report schema, which is also the incremental file's format): `tsx scripts/mutation-score.ts
 * [report.json …] [--merge <file>]`. Runs made folder by folder each leave a report; `--merge` writes
 * their union as one, so `npm run mutants` can start from it incrementally.
 * Score as Stryker counts it: killed and timed-out mutants over all but the ignored and the
 * compile errors (surviving and uncovered mutants count against it).
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface Report {
  files: Record<string, { mutants: { status: string }[] }>;
  testFiles?: Record<string, unknown>;
  [key: string]: unknown;
}

const args = process.argv.slice(2);
const mergeAt = args.indexOf('--merge');
const mergeTo = mergeAt >= 0 ? args[mergeAt + 1] : undefined;
const inputs = args.filter((_, i) => mergeAt < 0 || (i !== mergeAt && i !== mergeAt + 1));
const reports = (inputs.length > 0 ? inputs : ['reports/mutation/mutation.json']).map(
  (file) => JSON.parse(readFileSync(file, 'utf8')) as Report,
);

const merged: Report = {
  ...reports[0],
  files: Object.assign({}, ...reports.map((r) => r.files)) as Report['files'],
  testFiles: Object.assign({}, ...reports.map((r) => r.testFiles ?? {})) as Report['testFiles'],
};
if (mergeTo) writeFileSync(mergeTo, `${JSON.stringify(merged)}\n`);

const FOLDERS = ['src/lib', 'src/machines', 'contract', 'server'];
const DETECTED = new Set(['Killed', 'Timeout']);
const UNCOUNTED = new Set(['Ignored', 'CompileError', 'RuntimeError']);
const rows = new Map<
  string,
  { detected: number; valid: number; survived: number; uncovered: number }
>();
const add = (folder: string, status: string) => {
  const row = rows.get(folder) ?? { detected: 0, valid: 0, survived: 0, uncovered: 0 };
  if (!UNCOUNTED.has(status)) row.valid++;
  if (DETECTED.has(status)) row.detected++;
  if (status === 'Survived') row.survived++;
  if (status === 'NoCoverage') row.uncovered++;
  rows.set(folder, row);
};
for (const [path, file] of Object.entries(merged.files)) {
  const folder = FOLDERS.find((f) => path.startsWith(`${f}/`)) ?? 'other';
  for (const { status } of file.mutants) {
    add(folder, status);
    add('total', status);
  }
}

const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);
console.log('| Folder | Killed | Survived | No coverage | Score |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [folder, row] of [...rows].sort(([a], [b]) =>
  a === 'total' ? 1 : b === 'total' ? -1 : a.localeCompare(b),
)) {
  console.log(
    `| ${folder} | ${row.detected} | ${row.survived} | ${row.uncovered} | ${pct(row.detected, row.valid)} |`,
  );
}
