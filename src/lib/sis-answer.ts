import { isSisWarning } from '../../contract/sis/warning.schema.js';
import type { SisWarning } from '../../contract/sis/warning.schema.js';

/**
 * portal.md §7: an answer whose p_result is "Warning" is treated as empty, as is a list with nothing
 * in it. Every section's `isEmpty` starts here.
 */
export function isEmptyAnswer(answer: unknown): boolean {
  return isSisWarning(answer) || (Array.isArray(answer) && answer.length === 0);
}

/** The answer's data, or null for a Warning: what a section shows once it knows it is not empty. */
export function dataOf<A>(answer: A): Exclude<A, SisWarning> | null {
  return isData(answer) ? answer : null;
}

function isData<A>(answer: A): answer is Exclude<A, SisWarning> {
  return !isSisWarning(answer);
}
