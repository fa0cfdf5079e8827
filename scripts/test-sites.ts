import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const testFile = /\.(test|spec)\.tsx?$/;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : files(full);
    return testFile.test(name) ? [full] : [];
  });

/**
 * The tests written by hand under `roots`: every `it`/`test` call site (a table-driven `it.each`
 * counts once), and apart the `it.each(paths…)` sites, whose cases the path tests generate
 * (`npm run test:counts`; docs/development.md's counts, kept by tests/docs/development.test.ts).
 */
export function countTestSites(roots: readonly string[]) {
  let handWritten = 0;
  let generatedSites = 0;
  for (const file of roots.flatMap(files)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(
      /\b(it|test)(\.(each|skip|skipIf|only|concurrent|fails))?\(\s*/g,
    )) {
      const rest = source.slice(match.index + match[0].length, match.index + match[0].length + 12);
      if (match[3] === 'each' && /^paths\b/.test(rest)) generatedSites++;
      else handWritten++;
    }
  }
  return { handWritten, generatedSites };
}
