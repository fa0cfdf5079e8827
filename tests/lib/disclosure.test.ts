import { describe, expect, it } from 'vitest';
import { disclosureAttributes, folding } from '../../src/lib/disclosure.js';

describe('the one open/closed rule of disclosures', () => {
  it('a closed disclosure’s button says collapsed and names its panel, which stays in the page hidden', () => {
    expect(disclosureAttributes(false, 'p1')).toEqual({
      button: { 'aria-expanded': false, 'aria-controls': 'p1' },
      panel: { id: 'p1', hidden: true },
    });
  });

  it('an open disclosure’s button says expanded and still names its panel, which shows', () => {
    expect(disclosureAttributes(true, 'p2')).toEqual({
      button: { 'aria-expanded': true, 'aria-controls': 'p2' },
      panel: { id: 'p2', hidden: false },
    });
  });
});

describe('lines past the first ones fold behind "Show N more"', () => {
  it('closed, the lines past the first two are hidden and the button counts them', () => {
    const fold = folding(5, 2, false);
    expect(fold).toMatchObject({ folded: 3, folds: true, label: 'Show 3 more' });
    expect([0, 1, 2, 3, 4].map(fold.hidden)).toEqual([false, false, true, true, true]);
  });

  it('open, every line shows and the button offers to show fewer', () => {
    const fold = folding(5, 2, true);
    expect(fold).toMatchObject({ folded: 3, folds: true, label: 'Show fewer' });
    expect([0, 1, 2, 3, 4].map(fold.hidden)).toEqual([false, false, false, false, false]);
  });

  it('with no more lines than are shown there is nothing to fold and no button', () => {
    expect(folding(2, 2, false)).toMatchObject({ folded: 0, folds: false });
    expect(folding(0, 2, true)).toMatchObject({ folded: 0, folds: false });
    expect(folding(2, 2, false).hidden(1)).toBe(false);
  });

  it('one line past the shown ones folds: the count is exact at the edge', () => {
    const fold = folding(3, 2, false);
    expect(fold).toMatchObject({ folded: 1, folds: true, label: 'Show 1 more' });
    expect(fold.hidden(2)).toBe(true);
  });
});
