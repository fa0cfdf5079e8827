import type { Env } from './env.js';

/**
 * Changes to a student's record (issue 74, server/changes/): whether the sweep runs, how often, and
 * how many students' records it reads from the SIS at once.
 */
export function changesConfig(e: Env) {
  return {
    changes: {
      enabled: e.CHANGES === 'on',
      sweepMinutes: e.CHANGES_SWEEP_MINUTES,
      sisConcurrency: e.SIS_CONCURRENCY,
    },
  };
}
