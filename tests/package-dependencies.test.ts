import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** The packages a folder's source files import by name (`from 'x'`, `import('x')`, `from 'x/sub'`). */
function importedPackages(folder: string): Set<string> {
  const found = new Set<string>();
  const files = readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' });
  for (const file of files.filter((name) => /\.(ts|tsx|mjs)$/.test(name))) {
    const text = readFileSync(path.join(root, folder, file), 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import\()\s*'([^'./][^']*)'/g)) {
      const parts = spec!.split('/');
      found.add(spec!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!);
    }
  }
  return found;
}

describe('the production install', () => {
  it('holds only what the server runs: every dependency is imported by the server or the contract, and browser-only packages are development dependencies', () => {
    const runtime = new Set([
      ...importedPackages('server'),
      ...importedPackages('contract'),
      // The Node.js the npm scripts run on where the machine's is too old (scripts/node-runtime).
      'campus-portal-node',
    ]);
    const browserOnly = Object.keys(manifest.dependencies).filter((name) => !runtime.has(name));
    expect(browserOnly).toEqual([]);
    for (const name of [
      'workbox-precaching',
      '@tanstack/react-router',
      '@xstate/react',
      '@sentry/browser',
      'linkifyjs',
      'ky',
    ]) {
      expect(manifest.dependencies).not.toHaveProperty(name);
    }
  });
});
