import { isSisWarning } from '../../contract/sis/warning.schema.js';
import type { SisWarning } from '../../contract/sis/warning.schema.js';

/** portal.md §7: answers whose p_result equals "Warning" are treated as empty. */
export function isWarningAnswer(answer: unknown): answer is SisWarning {
  return isSisWarning(answer);
}

/** Whether an integration answer carries data, that is, it is not a Warning. */
function isData<A>(answer: A): answer is Exclude<A, SisWarning> {
  return !isWarningAnswer(answer);
}

/** The data of an integration answer, or null when the SIS answered a Warning (nothing to show). */
export function withoutWarning<A>(answer: A): Exclude<A, SisWarning> | null {
  return isData(answer) ? answer : null;
}
