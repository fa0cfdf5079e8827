import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withEntryYield } from '../../scripts/entry-yield.js';

/** An entry chunk and the chunk it imports, written as modules; each notes when it runs. */
async function run(entry: (code: string) => string): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'entry-yield-'));
  const order: string[] = [];
  Reflect.set(globalThis, '__entryYieldOrder', order);
  writeFileSync(
    path.join(dir, 'library.mjs'),
    `const order = globalThis.__entryYieldOrder;
     order.push('library');
     setTimeout(() => order.push('a task queued by the library'));`,
  );
  writeFileSync(
    path.join(dir, 'entry.mjs'),
    entry(`import './library.mjs';\nglobalThis.__entryYieldOrder.push('entry');`),
  );
  await import(pathToFileURL(path.join(dir, 'entry.mjs')).href);
  await new Promise((resolve) => setTimeout(resolve, 10));
  return order;
}

describe("an app's entry chunk runs its own modules in a task after its imports'", () => {
  it('without the yield, the entry runs in the task that ran its imports', async () => {
    expect(await run((code) => code)).toEqual(['library', 'entry', 'a task queued by the library']);
  });

  it('with the yield, a task queued meanwhile runs between the imports and the entry', async () => {
    expect(await run((code) => withEntryYield(code).code)).toEqual([
      'library',
      'a task queued by the library',
      'entry',
    ]);
  });

  it("keeps the chunk's source map true: the added first line maps to nothing", () => {
    const { code, map } = withEntryYield('export const a = 1;\n');
    expect(code.split('\n')[1]).toBe('export const a = 1;');
    expect(map.mappings.startsWith(';')).toBe(true);
  });
});
