import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * Every command the operator documentation names exists: each `npm run <script>` is a script of
 * package.json, and each `scripts/…` path a file or folder of the repository. The documentation is
 * the README, everything under docs/ and deploy/README.md.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

function markdownUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownUnder(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

const documents = [
  path.join(ROOT, 'README.md'),
  path.join(ROOT, 'deploy', 'README.md'),
  ...markdownUnder(path.join(ROOT, 'docs')),
];
const scripts = Object.keys(
  z
    .object({ scripts: z.record(z.string(), z.string()) })
    .parse(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'))).scripts,
);

/** `npm run X`, `npm run --silent X` in a text. */
function npmScriptsNamed(text: string): string[] {
  return [...text.matchAll(/\bnpm run (?:--?[a-z-]+ )*([a-z][a-z0-9:_-]*)/g)].map(
    (m) => m[1] ?? '',
  );
}

/** `scripts/…` paths in a text, without a trailing full stop or other punctuation. */
function scriptPathsNamed(text: string): string[] {
  return [...text.matchAll(/(?<![\w/.-])scripts\/[A-Za-z0-9_./-]*[A-Za-z0-9_]/g)].map((m) => m[0]);
}

describe('the commands the documentation names exist', () => {
  it('reads both kinds of names out of a text', () => {
    expect(npmScriptsNamed('run `npm run config:check`, then npm run --silent build.')).toEqual([
      'config:check',
      'build',
    ]);
    expect(scriptPathsNamed('see scripts/release.mjs. And (scripts/node-runtime).')).toEqual([
      'scripts/release.mjs',
      'scripts/node-runtime',
    ]);
  });

  for (const file of documents) {
    const name = path.relative(ROOT, file);
    const text = readFileSync(file, 'utf8');

    it(`${name}: every npm run names a package.json script`, () => {
      const missing = npmScriptsNamed(text).filter((script) => !scripts.includes(script));
      expect(missing).toEqual([]);
    });

    it(`${name}: runs nothing through sudo, which a minimal Debian lacks (runuser or su instead)`, () => {
      expect(text.match(/\bsudo\b.*/g) ?? []).toEqual([]);
    });

    it(`${name}: every scripts/ path exists`, () => {
      const missing = scriptPathsNamed(text).filter((p) => !existsSync(path.join(ROOT, p)));
      expect(missing).toEqual([]);
    });
  }
});
