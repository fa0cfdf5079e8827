// `npm run i18n:check` (issue 59), a gate of `npm test`: fails when
//  1. the PO catalogues are out of date with the code (`lingui check sync`: a message added, changed
//     or removed in the code and not extracted);
//  2. a message has no translation in a language (`lingui check missing --mode catalog`, before the
//     English fallback: every locale but the source and the generated pseudo-locale);
//  3. the server's compiled catalogues (locales/<language>/server.ts) are not those of its PO files;
// A JSX text node or user-facing attribute that holds a literal outside the catalogue in a folder
// that is translated is `npm run lint`'s to refuse (the `i18n/no-literal-text` rule of
// eslint.config.js, which lists the folders that are not): ESLint runs once over each file.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LOCALES = ['es'];
const SERVER_CATALOGUES = ['en', 'es', 'en-XA'].map((l) => `locales/${l}/server.ts`);

const run = (name, command, args) => {
  console.log(`▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  return result.status === 0;
};

const results = [];
results.push(run('catalogues in sync with the code', 'npx', ['lingui', 'check', 'sync']));
results.push(
  run('no message missing in a language', 'npx', [
    'lingui',
    'check',
    'missing',
    '--mode',
    'catalog',
    '--locale',
    LOCALES.join(','),
  ]),
);

console.log('▶ the server’s compiled catalogues are those of its PO files');
const before = SERVER_CATALOGUES.map((file) => readFileSync(file, 'utf8'));
execFileSync('npx', ['lingui', 'compile', '--typescript', '--namespace', 'es', '--workers', '1'], {
  stdio: 'ignore',
});
// The apps read their PO files through the Vite plugin: their compiled copies are not kept.
execFileSync('node', [
  '-e',
  "for (const l of ['en','es','en-XA']) require('fs').rmSync(`locales/${l}/messages.ts`, { force: true })",
]);
const stale = SERVER_CATALOGUES.filter((file, i) => readFileSync(file, 'utf8') !== before[i]);
if (stale.length > 0) {
  console.error(`Compiled again from the PO files (commit them): ${stale.join(', ')}`);
}
results.push(stale.length === 0);

if (results.includes(false)) {
  console.error('✘ i18n:check failed');
  process.exit(1);
}
console.log('✔ i18n:check passed');
