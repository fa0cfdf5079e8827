/**
 * What a term outside `TERM_WINDOW` (`contract/terms.rules.ts`) answers, with 400: every route that
 * takes a term checks the window first, so such a term makes no SIS call and no cache entry.
 */
export const TERM_OUT_OF_WINDOW = { detail: 'term: no such term for this student' } as const;

export { isTermInWindow } from '../../contract/terms.rules.js';
