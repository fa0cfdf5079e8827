import { describe, expect, it } from 'vitest';
import { holdEndText } from '../../src/lib/holds.js';

describe("a hold's end date", () => {
  it('says "No end date" when the record gives the far-future placeholder 2099-12-31', () => {
    expect(holdEndText('2099-12-31')).toBe('No end date');
  });

  it('says "No end date" for any placeholder year past 2099 too', () => {
    expect(holdEndText('9999-12-31')).toBe('No end date');
  });

  it('shows a real end date as the portal shows dates', () => {
    expect(holdEndText('2026-12-11')).toBe('Dec 11, 2026');
  });
});
