import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const firstImport = (entry: string) =>
  /^import\s+[^;]*;/m.exec(
    readFileSync(new URL(`../../src/${entry}`, import.meta.url), 'utf8'),
  )?.[0];

describe('zod runs jitless in the browser, so the CSP never sees an eval', () => {
  it('the zod setup module turns jitless parsing on', async () => {
    await import('../../src/api/zod-setup.js');
    expect(z.config().jitless).toBe(true);
  });

  it.each(['main.tsx', 'next-steps.tsx'])(
    '%s imports the zod setup before anything else',
    (entry) => {
      expect(firstImport(entry)).toBe("import './api/zod-setup.js';");
    },
  );
});
