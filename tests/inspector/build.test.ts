import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The marker strings of the inspector's code (observer.ts, control.tsx, panel.tsx). */
const MARKER = 'statecharts-inspector-';
const carrying = (client: string) =>
  readdirSync(path.join(client, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .filter((f) => readFileSync(path.join(client, 'assets', f), 'utf8').includes(MARKER));

describe('the inspector in the builds (run after npm run build and npm run build:demo)', () => {
  it('is in the source, so the checks below can fail', () => {
    for (const file of ['observer.ts', 'control.tsx', 'panel.tsx']) {
      expect(readFileSync(`src/inspector/${file}`, 'utf8')).toContain(MARKER);
    }
  });

  it.skipIf(!existsSync('dist/client/assets'))(
    'is absent from a production build without demo mode',
    () => {
      expect(carrying('dist/client')).toEqual([]);
    },
  );

  it.skipIf(!existsSync('dist/demo-client/assets'))(
    'is in the demo build, the panel in a chunk of its own',
    () => {
      const files = carrying('dist/demo-client');
      expect(files.some((f) => f.startsWith('panel-'))).toBe(true);
      expect(files.some((f) => f.startsWith('portal-'))).toBe(true);
    },
  );
});
