import { describe, expect, it } from 'vitest';
import { centsOfDollars, chosenAmount } from '../../../server/payments/amounts.js';

const limits = { minimumCents: 1_000, maximumCents: 500_000 };
const owed = { dueCents: 25_000, balanceCents: 120_000 };

describe('the amount the student chooses (issue 89)', () => {
  it('the amount due, the whole balance, or another amount', () => {
    expect(chosenAmount({ choice: 'due' }, owed, limits)).toEqual({ ok: true, cents: 25_000 });
    expect(chosenAmount({ choice: 'balance' }, owed, limits)).toEqual({ ok: true, cents: 120_000 });
    expect(chosenAmount({ choice: 'other', amount_cents: 5_000 }, owed, limits)).toEqual({
      ok: true,
      cents: 5_000,
    });
  });

  it('another amount must be within the campus limits and no more than the balance', () => {
    expect(chosenAmount({ choice: 'other', amount_cents: 999 }, owed, limits)).toEqual({
      ok: false,
      reason: 'below-minimum',
    });
    expect(chosenAmount({ choice: 'other', amount_cents: 1_000 }, owed, limits).ok).toBe(true);
    expect(chosenAmount({ choice: 'other', amount_cents: 120_001 }, owed, limits)).toEqual({
      ok: false,
      reason: 'above-balance',
    });
    const big = { dueCents: 900_000, balanceCents: 900_000 };
    expect(chosenAmount({ choice: 'balance' }, big, limits)).toEqual({
      ok: false,
      reason: 'above-maximum',
    });
  });

  it('the last few dollars of a bill may be paid below the minimum, as the amount due', () => {
    const few = { dueCents: 300, balanceCents: 300 };
    expect(chosenAmount({ choice: 'due' }, few, limits)).toEqual({ ok: true, cents: 300 });
    expect(chosenAmount({ choice: 'other', amount_cents: 300 }, few, limits).ok).toBe(false);
  });

  it('nothing to pay when the balance is paid or in credit', () => {
    for (const balanceCents of [0, -500]) {
      expect(chosenAmount({ choice: 'balance' }, { dueCents: 0, balanceCents }, limits)).toEqual({
        ok: false,
        reason: 'nothing-due',
      });
    }
    expect(chosenAmount({ choice: 'due' }, { dueCents: 0, balanceCents: 100 }, limits)).toEqual({
      ok: false,
      reason: 'nothing-due',
    });
  });

  it("the SIS's dollars become whole cents", () => {
    expect(centsOfDollars(0.1 + 0.2)).toBe(30);
    expect(centsOfDollars(1234.56)).toBe(123_456);
  });
});
