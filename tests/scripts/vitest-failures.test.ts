import { describe, expect, it } from 'vitest';
import { failureLines } from '../../scripts/vitest-failures.js';
import type { FailedModule } from '../../scripts/vitest-failures.js';

const file = (
  id: string,
  failed: { name: string; message: string }[],
  errors: string[] = [],
): FailedModule => ({
  relativeModuleId: id,
  errors: () => errors.map((message) => ({ message })),
  children: {
    allTests: () =>
      failed.map(({ name, message }) => ({
        fullName: name,
        result: () => ({ state: 'failed', errors: [{ message }] }),
      })),
  },
});

describe('what failed, at the end of a Vitest run', () => {
  it('names each failed test with its file and the first line of its error', () => {
    const lines = failureLines([
      file('tests/a.test.ts', [
        { name: 'grades > shows the term', message: 'Test timed out in 20000ms.\nIf this is…' },
      ]),
      file('tests/b.test.ts', []),
    ]);
    expect(lines).toEqual([
      '  tests/a.test.ts › grades > shows the term: Test timed out in 20000ms.',
    ]);
  });

  it('names a file that failed outside its tests, and errors no test caught', () => {
    const lines = failureLines(
      [file('tests/c.test.ts', [], ['Cannot find module ./gone.js'])],
      [{ message: 'EADDRINUSE' }],
    );
    expect(lines).toEqual([
      '  tests/c.test.ts: Cannot find module ./gone.js',
      '  outside any test: EADDRINUSE',
    ]);
  });

  it('is empty when nothing failed', () => {
    expect(failureLines([file('tests/d.test.ts', [])])).toEqual([]);
  });
});
