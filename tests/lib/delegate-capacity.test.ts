import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { delegateMeSchema } from '../../contract/delegates.schema.js';
import { sharedWithDelegate } from '../../contract/delegate-sections.rules.js';
import { categoryPhrase, delegateMenu, delegatingOf } from '../../src/lib/delegate-capacity.js';
import { delegateLanding } from '../../src/lib/delegate-sections.js';

const me = (viewing: number | null) =>
  delegateMeSchema.parse({
    name: 'Luis Valencia',
    email: 'luis@example.org',
    shares: [
      {
        delegation: 4,
        student_name: 'Ana Valencia',
        categories: ['finances'],
        ends_at: '2027-05-31T06:59:59.000Z',
      },
      {
        delegation: 7,
        student_name: 'Marta Valencia',
        categories: ['academics', 'messages'],
        ends_at: '2027-01-15T07:59:59.000Z',
      },
    ],
    viewing,
  });

describe('the delegate capacity (issue 88)', () => {
  it('acts as the delegate of the share they chose, and of none before they choose', () => {
    expect(delegatingOf(me(7))?.student_name).toBe('Marta Valencia');
    expect(delegatingOf(me(null))).toBeNull();
    // A share that ended is no longer in the list: nothing is read under it.
    expect(delegatingOf(me(9))).toBeNull();
  });

  it('navigation shows only the granted sections, in the contract order: never the dashboard nor Account', () => {
    const en = setupI18n({ locale: 'en', messages: { en: {} } });
    const menu = (categories: Parameters<typeof delegateMenu>[0]) =>
      delegateMenu(categories).map((s) => `${en._(s.label)} ${s.path}`);
    expect(menu(['finances'])).toEqual(['Finances /finances']);
    expect(menu(['messages', 'academics', 'next-steps'])).toEqual([
      'Academics /academics',
      'Next Steps /next-steps/',
      'Messages /messages',
    ]);
  });

  it('a page outside the shared categories is not shared with the delegate', () => {
    expect(sharedWithDelegate('/finances', ['finances'])).toBe(true);
    expect(sharedWithDelegate('/academics/grades', ['academics'])).toBe(true);
    expect(sharedWithDelegate('/next-steps/task/3', ['next-steps'])).toBe(true);
    expect(sharedWithDelegate('/academics', ['finances'])).toBe(false);
    expect(sharedWithDelegate('/', ['finances', 'academics'])).toBe(false);
    expect(sharedWithDelegate('/account', ['finances'])).toBe(false);
    expect(sharedWithDelegate('/financesx', ['finances'])).toBe(false);
  });

  it('lands the delegate on the first section shared, in the contract order', () => {
    expect(delegateLanding(['messages', 'academics'])).toBe('/academics');
    expect(delegateLanding(['next-steps'])).toBe('/next-steps/');
  });

  it('names the categories in the contract order, whatever order the grant lists them', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(categoryPhrase(i18n, ['messages', 'finances'])).toBe(
      'Finances and holds, The university’s messages',
    );
  });
});
