import { describe, expect, it } from 'vitest';
import { fileSeconds, slowestLines } from '../../scripts/vitest-slowest.js';
import type { TimedModule } from '../../scripts/vitest-slowest.js';

const file = (id: string, collect: number, setup: number, tests: number): TimedModule => ({
  relativeModuleId: id,
  project: { name: 'node' },
  diagnostic: () => ({ collectDuration: collect, setupDuration: setup, duration: tests }),
});

describe('the slowest files after a Vitest run', () => {
  it("counts a file's collection and set-up as its time, not its tests alone", () => {
    expect(fileSeconds(file('a.test.ts', 1500, 500, 1000))).toBe(3);
  });

  it('lists the slowest first, as many as asked', () => {
    const lines = slowestLines(
      [
        file('quick.test.ts', 10, 0, 90),
        file('slow.test.ts', 2000, 0, 40_000),
        file('mid.test.ts', 0, 0, 5000),
      ],
      2,
    );
    expect(lines).toEqual(['   42.0 s  node  slow.test.ts', '    5.0 s  node  mid.test.ts']);
  });
});
