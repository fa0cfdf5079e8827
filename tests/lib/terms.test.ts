import { describe, expect, it } from 'vitest';
import { isTermCode, previousTerm, termName, weekOfTerm } from '../../src/lib/terms.js';
import { chosenGradeTerm, gradeTerms, gradeTermsToTry } from '../../src/lib/grade-terms.js';

describe('term codes (portal.md §3)', () => {
  it.each(['202501', '202602', '202603', '202604'])(
    'a term code is a four-digit year, 0 and a quarter 1-4: "%s" is one',
    (code) => expect(isTermCode(code)).toBe(true),
  );

  it.each(['202605', '202600', '202614', '20264', '2026-04', 'fall', '', 202604])(
    'anything else is not a term code: %j',
    (code) => expect(isTermCode(code)).toBe(false),
  );

  it.each([
    ['202601', 'Winter 2026'],
    ['202602', 'Spring 2026'],
    ['202603', 'Summer 2026'],
    ['202604', 'Fall 2026'],
  ])('quarters 1 to 4 are Winter, Spring, Summer, Fall: %s is "%s"', (code, name) =>
    expect(termName(code)).toBe(name),
  );

  it('the term before a Winter term is the Fall of the year before', () => {
    expect(previousTerm('202701')).toBe('202604');
    expect(previousTerm('202604')).toBe('202603');
  });
});

describe('the terms of the grades picker', () => {
  it('run from the earliest catalog term to the current term, newest first', () => {
    expect(gradeTerms('202604', ['202601', '202504'])).toEqual([
      '202604',
      '202603',
      '202602',
      '202601',
      '202504',
    ]);
  });

  it('without a catalog term are the four terms up to the current one', () => {
    expect(gradeTerms('202604', [])).toEqual(['202604', '202603', '202602', '202601']);
  });

  it("a catalog term of this term or last (a program begun or changed) still offers the last year of terms: the transcript's past terms stay", () => {
    const year = ['202604', '202603', '202602', '202601'];
    expect(gradeTerms('202604', ['202604'])).toEqual(year);
    expect(gradeTerms('202604', ['202603', '202604'])).toEqual(year);
  });

  it('open on the term asked for when the student has it, else on the term before the current one', () => {
    const terms = ['202604', '202603', '202602'];
    expect(chosenGradeTerm(terms, '202602')).toBe('202602');
    expect(chosenGradeTerm(terms, '201904')).toBe('202603');
    expect(chosenGradeTerm(terms)).toBe('202603');
    expect(chosenGradeTerm(['202604'])).toBe('202604');
  });
});

describe('the term the grades show first', () => {
  const terms = ['202604', '202603', '202602', '202601', '202504', '202503'];

  it('is the term asked for when the student has it', () => {
    expect(gradeTermsToTry(terms, '202601')).toEqual(['202601']);
  });

  it('else the latest past term with grades: the past four terms newest first, then the current', () => {
    expect(gradeTermsToTry(terms)).toEqual(['202603', '202602', '202601', '202504', '202604']);
    expect(gradeTermsToTry(terms, '201904')).toEqual(gradeTermsToTry(terms));
    expect(gradeTermsToTry(['202604'])).toEqual(['202604']);
  });
});

describe('the current week of the term (portal.md §9: 7-day units from the start date)', () => {
  it.each([
    ['2026-09-28', 1],
    ['2026-10-04', 1],
    ['2026-10-05', 2],
    ['2026-11-22', 8],
  ])('a term starting 2026-09-28 is, on %s, in week %i', (today, week) =>
    expect(weekOfTerm('2026-09-28', today)).toBe(week),
  );

  it('before the start date there is no week of the term', () => {
    expect(weekOfTerm('2026-09-28', '2026-09-27')).toBeNull();
  });
});
