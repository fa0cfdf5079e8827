import type { I18n } from '@lingui/core';
import type { DelegateCategory } from '../../contract/delegates.schema.js';
import { FORMAT_LOCALES } from '../../contract/language.schema.js';
import type { Language } from '../../contract/language.schema.js';

/** Each category's name in the reader's language. */
export function categoryName(i18n: I18n, category: DelegateCategory): string {
  switch (category) {
    case 'finances':
      return i18n._({ id: 'delegates.category.finances', message: 'Finances and holds' });
    case 'academics':
      return i18n._({
        id: 'delegates.category.academics',
        message: 'Academics: schedule and grades',
      });
    case 'next-steps':
      return i18n._({ id: 'delegates.category.next-steps', message: 'Next Steps' });
    case 'messages':
      return i18n._({ id: 'delegates.category.messages', message: "The university's messages" });
  }
}

/** A list of categories as one phrase: "Finances and holds, Next Steps". */
export const categoryList = (i18n: I18n, categories: readonly DelegateCategory[]): string =>
  categories.map((c) => categoryName(i18n, c)).join(', ');

/**
 * What a share lets the delegate do (issue 89): read only; with Finances where the campus takes
 * payments in the portal, also pay the bill (the one thing a delegate may do rather than read).
 */
export const accessPhrase = (
  i18n: I18n,
  categories: readonly DelegateCategory[],
  paysHere: boolean,
): string =>
  paysHere && categories.includes('finances')
    ? i18n._({ id: 'delegates.access.pay', message: 'to read, and to pay the bill' })
    : i18n._({ id: 'delegates.access.read', message: 'read only' });

/** A day as the grant's line writes it: "May 31, 2027", "31 de mayo de 2027" (campus clock). */
export const grantDay = (instant: Date, language: Language, zone: string): string =>
  new Intl.DateTimeFormat(FORMAT_LOCALES[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: zone,
  }).format(instant);
