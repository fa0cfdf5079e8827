import { describe, expect, it } from 'vitest';
import { TERM_WINDOW, isTermInWindow, termOfDate } from '../../contract/terms.rules.js';

describe('the term window every term parameter is held to', () => {
  it('the calendar quarter of an instant: January–March is Winter (01) … October–December is Fall (04)', () => {
    expect(termOfDate(new Date('2026-01-01T00:00:00Z'))).toBe('202601');
    expect(termOfDate(new Date('2026-03-31T23:59:59Z'))).toBe('202601');
    expect(termOfDate(new Date('2026-04-01T00:00:00Z'))).toBe('202602');
    expect(termOfDate(new Date('2026-09-30T23:59:59Z'))).toBe('202603');
    expect(termOfDate(new Date('2026-10-01T00:00:00Z'))).toBe('202604');
    expect(termOfDate(new Date('2026-12-31T23:59:59Z'))).toBe('202604');
  });

  it('the window is the current quarter, 40 terms back and 4 ahead, counted across years', () => {
    const winter = new Date('2026-02-15T12:00:00Z');
    expect(TERM_WINDOW).toEqual({ termsBack: 40, termsAhead: 4 });
    expect(isTermInWindow('202601', winter)).toBe(true);
    expect(isTermInWindow('201601', winter)).toBe(true);
    expect(isTermInWindow('201504', winter)).toBe(false);
    expect(isTermInWindow('202701', winter)).toBe(true);
    expect(isTermInWindow('202702', winter)).toBe(false);
  });

  it('a term a quarter apart is one step in the window whatever its year: the Fall before a Winter is one term back', () => {
    const winter = new Date('2026-02-15T12:00:00Z');
    expect(isTermInWindow('202504', winter)).toBe(true);
    // 40 terms back from 2026 Winter is 2016 Winter; 2016 Fall is 37 back, 2015 Fall 41.
    expect(isTermInWindow('201604', winter)).toBe(true);
    expect(isTermInWindow('201504', winter)).toBe(false);
  });
});
