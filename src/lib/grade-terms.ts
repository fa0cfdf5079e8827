/**
 * The terms whose grades a student can look at (portal.md §3 Academics, issue 87): the picker's
 * terms, the one it shows first and those tried until grades are found.
 */
import type { TermCode } from '../../contract/sis/common.schema.js';
import { TERM_WINDOW } from '../../contract/terms.rules.js';
import { previousTerm } from './terms.js';

/** The picker offers at least the last year of terms, whatever the student's catalog term. */
const YEAR_OF_TERMS = 4;

/**
 * The terms whose grades a student can look at, newest first: the last year of terms up to the
 * current one, and further back to their earliest catalog term, at most the server's window of terms
 * (ten years). A catalog term never shortens the year: a program begun or changed this term leaves
 * the grades of the terms before it on the transcript (issue 87).
 */
export function gradeTerms(current: TermCode, catalogTerms: readonly TermCode[]): TermCode[] {
  const first = [...catalogTerms].sort()[0];
  const terms: TermCode[] = [current];
  while (terms.length < TERM_WINDOW.termsBack) {
    const last = terms[terms.length - 1] ?? current;
    if (terms.length >= YEAR_OF_TERMS && (!first || last <= first)) break;
    terms.push(previousTerm(last));
  }
  return terms;
}

/**
 * The term the picker shows until grades are found (and when none are): the one asked for (the
 * `?term=` of the address) when the student has it, else the term before the current one, else the
 * current term.
 */
export function chosenGradeTerm(terms: readonly TermCode[], asked?: TermCode): TermCode | null {
  if (asked && terms.includes(asked)) return asked;
  return terms[1] ?? terms[0] ?? null;
}

/** How many past terms the grades look through for the latest one with grades. */
const GRADE_LOOKBACK = 4;

/**
 * The terms whose grades to try, in order, until one has grades: the term asked for when the student
 * has it; else the terms before the current one, newest first (a term off, such as a summer, is
 * passed over), then the current term.
 */
export function gradeTermsToTry(terms: readonly TermCode[], asked?: TermCode): TermCode[] {
  if (asked && terms.includes(asked)) return [asked];
  return [...terms.slice(1, 1 + GRADE_LOOKBACK), ...terms.slice(0, 1)];
}
