// STYLE's file names as a gate: every file the product and its tests are made of is named in
// kebab-case (`task-list.machine.ts`, not `taskList.machine.ts`): lower-case words joined by
// dashes, then its suffixes (`.machine.ts`, `.test.tsx`). Conventional upper-case names a tool or
// a reader looks for (README.md, CHANGELOG.md, GLOSSARY.md …) are allowed anywhere. `npm run lint`
// runs it; exits 1 on a name that is not.
import { execFileSync } from 'node:child_process';

/** The folders of code, its tests and the generated diagrams named after it. */
export const ROOTS = [
  'contract/',
  'src/',
  'server/',
  'worker/',
  'scripts/',
  'tests/',
  'e2e/',
  'bench/',
  'docs/statecharts/',
];
const CONVENTIONAL = new Set([
  'README.md',
  'CHANGELOG.md',
  'HISTORY.md',
  'GLOSSARY.md',
  'LICENSE',
  'Dockerfile',
]);
/** A name's stem (before the first dot) in kebab-case: lower-case letters and digits, single dashes. */
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The files of `files` (paths from the repository's root) whose names are not kebab-case. */
export function misnamed(files: readonly string[]): string[] {
  return files.filter((file) => {
    if (!ROOTS.some((root) => file.startsWith(root))) return false;
    const name = file.slice(file.lastIndexOf('/') + 1);
    if (CONVENTIONAL.has(name) || name.startsWith('.')) return false;
    // Generated or fixture data keep the names their sources give them.
    if (/(^|\/)(fixtures|results|__snapshots__)\//.test(file)) return false;
    return !KEBAB.test(name.split('.')[0] ?? '');
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const found = misnamed(files);
  for (const file of found) console.error(`File name not in kebab-case: ${file}`);
  console.log(`file names: ${found.length} not in kebab-case`);
  process.exit(found.length ? 1 : 0);
}
