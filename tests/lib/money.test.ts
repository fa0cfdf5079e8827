import { describe, expect, it } from 'vitest';
import { formatUsd } from '../../src/lib/money.js';

describe('amounts are shown in USD', () => {
  it.each([
    [1250, '$1,250.00'],
    [3200.5, '$3,200.50'],
    [0.1, '$0.10'],
  ])('a positive amount shows as dollars and cents: %d → %s', (amount, shown) => {
    expect(formatUsd(amount)).toBe(shown);
  });

  it('a negative amount (a credit) shows with a minus sign before the dollar sign: -$1,250.00', () => {
    expect(formatUsd(-1250)).toBe('-$1,250.00');
  });

  it('zero shows as $0.00, never as -$0.00', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-0)).toBe('$0.00');
  });
});
