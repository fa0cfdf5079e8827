/**
 * Lists the dependencies in package.json that nothing in the tree names: no import, require or
 * dynamic import of the package (or a subpath of it) in the sources, tests, scripts and configs, no
 * binary of it in an npm script, and no mention of it in a config by name. `@types/x` counts as used
 * when `x` is, or when a tsconfig lists it. A package another dependency needs as a peer counts as used.
 * Exits 1 when it finds one, so it can run in CI.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.cwd();
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
};
const declared = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.devDependencies ?? {}),
];

const SKIP = new Set([
  'node_modules',
  'dist',
  'data',
  '.git',
  '.stryker-tmp',
  'reports',
  'test-results',
]);
const SOURCE = /\.(m?[jt]sx?|cjs|json|ya?ml|html)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name === 'package-lock.json' || name === 'package.json') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (SOURCE.test(name)) yield path;
  }
}

// The package part of a specifier: "@scope/name/sub" → "@scope/name", "name/sub" → "name".
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const SPECIFIER = /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"]([^'"./][^'"]*)['"]/g;
const used = new Set<string>();
// Binaries the sources start themselves: spawn('npx', ['redocly', …]).
const NPX = /['"]npx['"],\s*\[\s*['"]([^'"]+)['"]/g;
const spawned = new Set<string>();
const texts: string[] = [];
for (const file of files(root)) {
  const text = readFileSync(file, 'utf8');
  for (const [, specifier] of text.matchAll(SPECIFIER)) used.add(packageOf(specifier!));
  for (const [, bin] of text.matchAll(NPX)) spawned.add(bin!);
  if (!relative(root, file).includes('/') || /config|tsconfig/.test(file)) texts.push(text);
}

const binariesOf = (name: string): string[] => {
  try {
    const own = JSON.parse(
      readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'),
    ) as {
      bin?: string | Record<string, string>;
    };
    if (!own.bin) return [];
    return typeof own.bin === 'string' ? [name.split('/').pop()!] : Object.keys(own.bin);
  } catch {
    return [];
  }
};
const peersOf = (name: string): string[] => {
  try {
    const own = JSON.parse(
      readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'),
    ) as {
      peerDependencies?: Record<string, string>;
    };
    return Object.keys(own.peerDependencies ?? {});
  } catch {
    return [];
  }
};

const scripts = Object.values(pkg.scripts ?? {}).join(' ');
const inScripts = (name: string) =>
  binariesOf(name).some(
    (bin) => spawned.has(bin) || new RegExp(`(^|[\\s&;(])(npx\\s+)?${bin}(\\s|$)`).test(scripts),
  );
// A config names a package by its string, or an import resolver by its key ('import/resolver': { x }).
const inConfigs = (name: string) =>
  texts.some(
    (text) =>
      text.includes(`'${name}'`) ||
      text.includes(`"${name}"`) ||
      (name.startsWith('eslint-import-resolver-') &&
        text.includes("'import/resolver'") &&
        text.includes(`${name.slice('eslint-import-resolver-'.length)}:`)),
  );
const peers = new Set(
  declared.filter((name) => used.has(name) || inScripts(name)).flatMap(peersOf),
);
const typesTarget = (name: string) => {
  const bare = name.slice('@types/'.length);
  return bare.includes('__') ? `@${bare.replace('__', '/')}` : bare;
};

const unused = declared.filter((name) => {
  if (used.has(name) || inScripts(name) || peers.has(name)) return false;
  if (name.startsWith('@types/')) {
    const target = typesTarget(name);
    return !(used.has(target) || inScripts(target) || inConfigs(target));
  }
  return !inConfigs(name);
});

for (const name of unused) console.log(name);
if (unused.length > 0) process.exitCode = 1;
