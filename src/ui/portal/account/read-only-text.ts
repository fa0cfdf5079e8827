import type { ReadOnly } from '../../../lib/read-only.js';
import { useReadOnlyWords } from '../../read-only-reason.js';

/**
 * Why changes cannot be saved now, as text, for a control of the Account page: the reader's words
 * for demo and offline; while support views as the student, the viewer's (issue 87). Where the
 * words stand in the page, `ReadOnlyReason` also marks the viewer's language.
 */
export function useReadOnlyText(): (readOnly: Exclude<ReadOnly, null>) => string {
  return useReadOnlyWords();
}
