// Vitest's order of files on a clean clone: its sequencer starts the files it has no timing for
// largest first, and the slowest suites are small files (the route fuzzing is three lines each,
// its work in a shared module), so they started last and ran alone at the end of the run.
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/**
 * Files known to take longest (scripts/vitest-slowest.ts lists them after every run): started
 * first, so they run beside the many short files instead of after them.
 */
export const SLOW_FIRST = [
  'tests/server/security/fuzz.test.ts',
  'tests/server/security/fuzz-admin.test.ts',
  'tests/server/notify/kill.pg.test.ts',
  'tests/server/security/fuzz-admin-content.test.ts',
  'tests/server/routes/auth/saml.routes.test.ts',
  'tests/server/security/probe-findings.test.ts',
  'tests/server/processes/two-processes.test.ts',
  'tests/server/upgrade/upgrade.test.ts',
];

/** Where a file stands in SLOW_FIRST, or past its end. */
export function slowRank(moduleId: string): number {
  const rank = SLOW_FIRST.findIndex((file) => moduleId.endsWith(`/${file}`));
  return rank === -1 ? SLOW_FIRST.length : rank;
}

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: every other file keeps Vitest's own order.
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        slowRank(a.moduleId) - slowRank(b.moduleId),
    );
  }
}
