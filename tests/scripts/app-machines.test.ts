import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { machinesTheAppsRun } from '../../scripts/app-machines.js';

/** A small source tree: file → its text. */
function tree(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'app-machines-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const machine = (name: string, imports = '') =>
  `${imports}\nexport const ${name}Machine = {};\nexport const select${name} = () => 0;\n`;

describe('machines the apps run', () => {
  const root = tree({
    'main.tsx': [
      "import { aMachine } from './machines/a.machine.js';",
      "import { selectc } from './machines/c.machine.js';",
      "import type { dMachine } from './machines/d.machine.js';",
      "import { type gMachine, selectg } from './machines/g.machine.js';",
      "const later = () => import('./pages/later.js');",
      'export { aMachine, selectc, later, selectg };',
      'export type { dMachine, gMachine };',
    ].join('\n'),
    'pages/later.tsx': "import * as e from '../machines/e.machine.js';\nexport { e };\n",
    'pages/unrouted.tsx':
      "import { fMachine } from '../machines/f.machine.js';\nexport { fMachine };\n",
    'machines/a.machine.ts': machine('a', "import { bMachine } from './b.machine.js';"),
    'machines/b.machine.ts': machine('b'),
    'machines/c.machine.ts': machine('c'),
    'machines/d.machine.ts': machine('d'),
    'machines/e.machine.ts': machine('e'),
    'machines/f.machine.ts': machine('f', "import { hMachine } from './h.machine.js';"),
    'machines/g.machine.ts': machine('g'),
    'machines/h.machine.ts': machine('h'),
  });
  const exportsOf = new Map(
    ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((n) => [
      path.join(root, `machines/${n}.machine.ts`),
      new Set([`${n}Machine`]),
    ]),
  );
  const run = [...machinesTheAppsRun(root, [path.join(root, 'main.tsx')], exportsOf)]
    .map((file) => path.basename(file, '.machine.ts'))
    .sort();

  it('a machine a loaded file imports as a value is run, and so are the machines it invokes', () => {
    expect(run).toContain('a');
    expect(run).toContain('b');
  });

  it('a machine behind a dynamic import (a code-split page) is run', () => {
    expect(run).toContain('e');
  });

  it('a machine whose selectors or type alone the apps import, or that only an unloaded file makes, is not run', () => {
    expect(run).toEqual(['a', 'b', 'e']);
  });
});
