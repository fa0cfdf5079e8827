// `npm run lint`: every lint check, each run whatever the others' results, each with its result and
// time, then a summary; exits 1 when any failed. One failing check does not hide the others' (a
// chain of `&&` stopped at the first). ESLint runs once over each file, here: no other gate runs
// it over the tree (issue 77).
import { spawnSync } from 'node:child_process';

/** The checks, in order: name and command. */
export const CHECKS = [
  ['ESLint', 'eslint .'],
  ['Prettier', 'prettier --check .'],
  ['import cycles', 'tsx scripts/import-cycles.ts'],
  ['server layers', 'tsx scripts/server-layers.ts'],
  ['size limits', 'tsx scripts/size-limits.ts'],
  ['file names', 'tsx scripts/file-names.ts'],
];

/** Runs every check (`run` answers whether it passed); answers each one's result and time. */
export function runChecks(checks, run, print = (line) => console.log(line)) {
  const results = [];
  for (const [name, command] of checks) {
    print(`\n▶ ${name} (${command})`);
    const began = Date.now();
    const passed = run(command);
    const seconds = Math.round((Date.now() - began) / 1000);
    print(`${passed ? '✔' : '✘'} ${name}: ${passed ? 'passed' : 'failed'} in ${seconds} s`);
    results.push({ name, passed, seconds });
  }
  print(
    `\nLint checks:\n${results.map((r) => `  ${r.passed ? 'passed' : 'FAILED'}  ${String(r.seconds).padStart(4)} s  ${r.name}`).join('\n')}`,
  );
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = runChecks(
    CHECKS,
    (command) => spawnSync(command, { shell: true, stdio: 'inherit' }).status === 0,
  );
  process.exit(results.every((r) => r.passed) ? 0 : 1);
}
