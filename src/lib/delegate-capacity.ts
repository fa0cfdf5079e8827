import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { DELEGATE_CATEGORIES } from '../../contract/delegates.schema.js';
import type { DelegateCategory, DelegateMe } from '../../contract/delegates.schema.js';
import { delegateLink } from './delegate-sections.js';

/**
 * Issue 88: a delegate reads the portal's own pages, in capacity `delegate`: who shared with them,
 * what and until when (the share they chose, `GET /auth/delegate/me`'s `viewing`), the sections
 * those categories open, and their names in the reader's language.
 */
export type DelegateShare = DelegateMe['shares'][number];

/** The share the delegate reads now: the one they chose, or null (none chosen, or it ended). */
export const delegatingOf = (me: DelegateMe): DelegateShare | null =>
  me.shares.find((share) => share.delegation === me.viewing) ?? null;

/** Each category a student may share (issue 73), as the Account page and the delegate's bar name it. */
const CATEGORY: Record<DelegateCategory, MessageDescriptor> = {
  finances: msg`Finances and holds`,
  academics: msg`Academics: schedule and grades`,
  'next-steps': msg`Next Steps`,
  messages: msg`The university’s messages`,
};

export const categoryName = (i18n: I18n, category: DelegateCategory): string =>
  i18n._(CATEGORY[category]);

/** The categories in the contract's order, as one phrase: "Finances and holds, Next Steps". */
export const categoryPhrase = (i18n: I18n, categories: readonly DelegateCategory[]): string =>
  DELEGATE_CATEGORIES.filter((c) => categories.includes(c))
    .map((c) => categoryName(i18n, c))
    .join(', ');

/** Each shared section's name in the delegate's menu (the main menu's and the pages' own). */
const SECTION_LABEL: Record<DelegateCategory, MessageDescriptor> = {
  finances: msg`Finances`,
  academics: msg`Academics`,
  'next-steps': msg`Next Steps`,
  messages: msg`Messages`,
};

/** The delegate's main menu: only the sections their categories open, in the contract's order. */
export const delegateMenu = (categories: readonly DelegateCategory[]) =>
  DELEGATE_CATEGORIES.filter((c) => categories.includes(c)).map((c) => ({
    path: delegateLink(c),
    label: SECTION_LABEL[c],
  }));
