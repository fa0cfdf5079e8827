import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../../scripts/import-cycles.js';
import { sourceFiles } from '../../scripts/import-graph.js';

/** A small source tree: file → its text; answers its files' cycles, named relative to it. */
function cyclesOf(files: Record<string, string>): string[][] {
  const root = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return importCycles(sourceFiles(root)).map((group) =>
    group.map((file) => path.relative(root, file)).sort(),
  );
}

describe('import cycles', () => {
  it('finds files that import each other, at any depth, by value, re-export or dynamic import', () => {
    expect(
      cyclesOf({
        'a.ts': "import { b } from './b.js';\nexport const a = b;",
        'b.ts': "import { c } from './deep/c.js';\nexport const b = c;",
        'deep/c.ts': "export { a as c } from '../a.js';",
        'd.ts': "export const d = () => import('./e.js');",
        'e.ts': "import { d } from './d.js';\nexport const e = d;",
      }),
    ).toEqual([
      ['a.ts', 'b.ts', 'deep/c.ts'],
      ['d.ts', 'e.ts'],
    ]);
  });

  it('a type-only import closes a cycle too (issue 77), and a file imported from two others makes none', () => {
    expect(
      cyclesOf({
        'a.ts':
          "import type { B } from './b.js';\nimport { c } from './c.js';\nexport type A = B;\nexport const a = c;",
        'b.ts': "import { a } from './a.js';\nexport type B = typeof a;",
        'c.ts': 'export const c = 1;',
        'd.ts': "import { c } from './c.js';\nexport const d = c;",
      }),
    ).toEqual([['a.ts', 'b.ts']]);
    expect(
      cyclesOf({
        'a.ts': "import { type B } from './b.js';\nexport type A = B;",
        'b.ts': "export type { A } from './a.js';\nexport type B = number;",
      }),
    ).toEqual([['a.ts', 'b.ts']]);
    expect(
      cyclesOf({
        'a.ts': "import { c } from './c.js';\nexport const a = c;",
        'b.ts': "import { c } from './c.js';\nexport const b = c;",
        'c.ts': 'export const c = 1;',
      }),
    ).toEqual([]);
  });
});
