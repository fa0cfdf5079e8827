import { mkdirSync, writeFileSync } from 'node:fs';
import type { Reporter, TestCase } from '@playwright/test/reporter';

/**
 * Names the journeys that passed only on a retry, at the end of the run and in
 * `test-results/flaky.json`: a retry hides a fault, so every one is listed, and the list is
 * expected to be empty (a flake's cause goes in the note that reports the run).
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: TestCase[] = [];

  onTestEnd(test: TestCase): void {
    // Called once per attempt: the test counts when its last attempt has passed after a failure.
    if (test.outcome() === 'flaky' && !this.flaky.includes(test)) this.flaky.push(test);
  }

  onEnd(): void {
    const names = this.flaky
      .filter((test) => test.outcome() === 'flaky')
      .map(
        (test) =>
          `${test.location.file.replace(/^.*\/e2e\//, 'e2e/')}:${test.location.line} › ${test.title}`,
      );
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/flaky.json', `${JSON.stringify(names, null, 2)}\n`);
    if (names.length === 0) {
      console.log('\nPassed only on retry: none.');
      return;
    }
    console.log(`\nPassed only on retry (${names.length}), each to be explained or fixed:`);
    for (const name of names) console.log(`  ${name}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
