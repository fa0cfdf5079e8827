/** A lint check: its name and the command it runs. */
export type Check = [name: string, command: string];

/** What became of a check that ran. */
export interface CheckResult {
  name: string;
  passed: boolean;
  seconds: number;
}

/** The checks of `npm run lint`, in order. */
export const CHECKS: Check[];

export function runChecks(
  checks: readonly Check[],
  run: (command: string) => boolean,
  print?: (line: string) => void,
): CheckResult[];
