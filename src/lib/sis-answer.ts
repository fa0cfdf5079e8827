import { isSisWarning } from '../../contract/sis/warning.schema.js';
import type { SisWarning } from '../../contract/sis/warning.schema.js';

/** portal.md §7: answers whose p_result equals "Warning" are treated as empty. */
export function isWarningAnswer<T>(answer: T | SisWarning): answer is SisWarning {
  return isSisWarning(answer);
}

/** The data of an integration answer, or null when the SIS answered a Warning (nothing to show). */
export function withoutWarning<T>(answer: T | SisWarning): T | null {
  return isWarningAnswer(answer) ? null : answer;
}
