import { afterEach, describe, expect, it } from 'vitest';
import { holdEndText } from '../../src/lib/holds.js';
import { classStandingLabel } from '../../src/lib/class-standing.js';
import { activateLocale } from '../../src/lib/i18n.js';

describe("a hold's end date", () => {
  afterEach(() => activateLocale('en'));

  it('says "No end date" when the record gives the far-future placeholder 2099-12-31', () => {
    expect(holdEndText('2099-12-31')).toBe('No end date');
  });

  it('says "No end date" for any placeholder year past 2099 too', () => {
    expect(holdEndText('9999-12-31')).toBe('No end date');
  });

  it('shows a real end date as the portal shows dates', () => {
    expect(holdEndText('2026-12-11')).toBe('Dec 11, 2026');
  });

  it('the words src/lib gives the pages read in the reader’s language (issue 71)', async () => {
    await activateLocale('es');
    expect(holdEndText('2099-12-31')).toBe('Sin fecha de finalización');
    expect(classStandingLabel('Transfer')).toBe(
      'Primer año - En espera de créditos de transferencia',
    );
    expect(classStandingLabel('Sophomore')).toBe('Sophomore');
  });
});
