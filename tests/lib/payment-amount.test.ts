import { describe, expect, it } from 'vitest';
import { centsOfTyped, checkOtherAmount } from '../../src/lib/payment-amount.js';

const LIMITS = { minimumCents: 100, maximumCents: 500_000, balanceCents: 320_000 };

describe('another amount as typed (issue 89, the student chooses the amount)', () => {
  it.each([
    ['250', 25_000],
    ['250.5', 25_050],
    ['250.05', 25_005],
    ['$1,250.00', 125_000],
    [' 12 ', 1_200],
  ])('reads %j as %i cents', (typed, cents) => {
    expect(centsOfTyped(typed)).toBe(cents);
  });

  it.each(['', 'abc', '12.345', '-5', '1e3', '12..5'])('reads %j as no amount', (typed) => {
    expect(centsOfTyped(typed)).toBeNull();
  });

  it('another amount within the campus limits and the balance may be paid', () => {
    expect(checkOtherAmount('250.00', LIMITS)).toEqual({ ok: true, cents: 25_000 });
    expect(checkOtherAmount('1', LIMITS)).toEqual({ ok: true, cents: 100 });
    expect(checkOtherAmount('3200', LIMITS)).toEqual({ ok: true, cents: 320_000 });
  });

  it('another amount below the minimum, above the maximum or above the balance is told why', () => {
    expect(checkOtherAmount('0.99', LIMITS)).toEqual({ ok: false, problem: 'below-minimum' });
    expect(checkOtherAmount('3200.01', LIMITS)).toEqual({ ok: false, problem: 'above-balance' });
    const small = { ...LIMITS, maximumCents: 10_000 };
    expect(checkOtherAmount('100.01', small)).toEqual({ ok: false, problem: 'above-maximum' });
    expect(checkOtherAmount('0', LIMITS)).toEqual({ ok: false, problem: 'format' });
    expect(checkOtherAmount('ten', LIMITS)).toEqual({ ok: false, problem: 'format' });
  });
});
