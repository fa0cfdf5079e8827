// A Vitest reporter beside the default one: once the run ends, the files that took longest (their
// collection, set-up and tests), so a slow suite shows in CI's log as a slow gate does
// (docs/development.md, "How long CI takes"). VITEST_SLOWEST sets how many (default 15; 0: none).
import type { Reporter, TestModule } from 'vitest/node';

/** What the reporter reads of a file's module. */
export type TimedModule = Pick<TestModule, 'relativeModuleId'> & {
  project: Pick<TestModule['project'], 'name'>;
  diagnostic(): Pick<
    ReturnType<TestModule['diagnostic']>,
    'collectDuration' | 'setupDuration' | 'duration'
  >;
};

/** A file's own time: importing it and its modules, its set-up files and its tests and hooks. */
export const fileSeconds = (module: TimedModule): number => {
  const d = module.diagnostic();
  return (d.collectDuration + d.setupDuration + d.duration) / 1000;
};

/** The `count` slowest files, slowest first, each as a line: seconds, project, path. */
export function slowestLines(modules: readonly TimedModule[], count: number): string[] {
  return [...modules]
    .sort((a, b) => fileSeconds(b) - fileSeconds(a))
    .slice(0, count)
    .map(
      (m) =>
        `${fileSeconds(m).toFixed(1).padStart(7)} s  ${m.project.name.padEnd(4)}  ${m.relativeModuleId}`,
    );
}

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]) {
    const count = Number(process.env.VITEST_SLOWEST ?? 15);
    if (!count || modules.length === 0) return;
    const total = modules.reduce((sum, m) => sum + fileSeconds(m), 0);
    console.log(
      `\nThe ${Math.min(count, modules.length)} slowest of ${modules.length} files (${total.toFixed(0)} s summed over all):\n${slowestLines(modules, count).join('\n')}`,
    );
  }
}
