import { defineConfig } from 'vitest/config';

// Stryker runs the tests in worker threads, where a test's own `process.env.TZ` no longer moves the
// clock; the run sits in a zone far from campus so the "whatever the browser's zone" rules still bite.
process.env.TZ = 'Asia/Tokyo';

/**
 * The unit tests a mutation run needs: those of the rule modules Stryker mutates (src/lib,
 * src/machines, contract/*.rules.ts, the server's rule modules). A run executes them once per mutant,
 * so the route, database and DOM suites stay out: they are slow and cover these modules only in passing.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'tests/lib/**/*.test.{ts,tsx}',
      'tests/machines/**/*.test.ts',
      'tests/contract/**/*.test.ts',
      'tests/server/time.test.ts',
      'tests/server/auth/claims.test.ts',
      'tests/server/auth/rights.test.ts',
      'tests/server/auth/rights-changes.test.ts',
      'tests/server/admin/campus-time.test.ts',
      'tests/server/content/visible.test.ts',
      'tests/server/feeds/*-rules.test.ts',
      'tests/server/next-steps/rules.test.ts',
    ],
    // The 150,000-element body measures the engine's argument limit, not a rule, and takes half a
    // minute per run; every mutant it covers is also covered by the allow-list's other tests. Tests
    // that bound a scan's wall-clock time measure speed, which instrumented code does not have.
    testNamePattern: /^(?!.*(very many elements side by side|in a few milliseconds))/,
    testTimeout: 60_000,
  },
});
