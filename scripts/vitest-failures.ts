// A Vitest reporter that ends the run's output with what failed: each failing file and test, with
// the first line of its error, and the errors no test caught. CI keeps only the tail of a long log,
// where the default reporter's failures have scrolled away behind the slowest files
// (scripts/vitest-slowest.ts), so the tail must name what failed (docs/development.md).
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** What the reporter reads of a file's module: its own errors and its failed tests. */
export type FailedModule = Pick<TestModule, 'relativeModuleId'> & {
  errors(): readonly Pick<SerializedError, 'message'>[];
  children: {
    allTests(state: 'failed'): Iterable<{
      fullName: string;
      result(): { state: string; errors?: readonly { message: string }[] };
    }>;
  };
};

/** An error's first line, at most 200 characters: the rest is in the log above. */
const firstLine = (message: string | undefined) =>
  (message ?? '').split('\n', 1)[0]?.slice(0, 200) ?? '';

/** One line per failed file, per failed test in it and per error outside any test. */
export function failureLines(
  modules: readonly FailedModule[],
  unhandled: readonly Pick<SerializedError, 'message'>[] = [],
): string[] {
  const lines: string[] = [];
  for (const module of modules) {
    const own = module.errors().map((e) => `  ${module.relativeModuleId}: ${firstLine(e.message)}`);
    const tests = [...module.children.allTests('failed')].map((test) => {
      const error = test.result().errors?.[0];
      return `  ${module.relativeModuleId} › ${test.fullName}: ${firstLine(error?.message)}`;
    });
    lines.push(...own, ...tests);
  }
  lines.push(...unhandled.map((e) => `  outside any test: ${firstLine(e.message)}`));
  return lines;
}

export default class FailuresLast implements Reporter {
  onTestRunEnd(modules: readonly TestModule[], unhandled: readonly SerializedError[]) {
    const lines = failureLines(modules, unhandled);
    if (lines.length > 0) console.log(`\nWhat failed (${lines.length}):\n${lines.join('\n')}`);
  }
}
