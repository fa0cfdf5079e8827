import { DELEGATE_CATEGORIES } from './delegates.schema.js';
import type { DelegateCategory } from './delegates.schema.js';

/**
 * The portal's own pages each category opens to a delegate, by the start of their address (issue
 * 88): the browser's menu and route guard (src/lib/delegate-sections.ts) and the server's drawn
 * page (server/html/first-answers.ts) read the same list.
 */
export const DELEGATE_SECTIONS = {
  finances: '/finances',
  academics: '/academics',
  'next-steps': '/next-steps',
  messages: '/messages',
} as const satisfies Record<DelegateCategory, string>;

const under = (pathname: string, section: string) =>
  pathname === section || pathname.startsWith(`${section}/`);

/** Whether the page at `pathname` is one the delegate's categories open. */
export const sharedWithDelegate = (
  pathname: string,
  categories: readonly DelegateCategory[],
): boolean => categories.some((c) => under(pathname, DELEGATE_SECTIONS[c]));

/**
 * Next Steps is its own app at its own address (issue 88: it reads the student's list in capacity
 * `delegate` too): a link to it loads that app's page, not one of the portal's.
 */
export const NEXT_STEPS_HOME = '/next-steps/';

/** Every place a delegate may land. */
export const DELEGATE_LANDINGS = [
  DELEGATE_SECTIONS.finances,
  DELEGATE_SECTIONS.academics,
  DELEGATE_SECTIONS.messages,
  NEXT_STEPS_HOME,
] as const;
export type DelegateLanding = (typeof DELEGATE_LANDINGS)[number];

/** Where a category's link goes: its section; Next Steps' app page. */
export const delegateLink = (category: DelegateCategory): DelegateLanding =>
  category === 'next-steps' ? NEXT_STEPS_HOME : DELEGATE_SECTIONS[category];

/**
 * Where a delegate lands (the browser's `/`, and the server once they signed in, so that a page
 * without scripts opens there too): the first section shared, in the contract's order.
 */
export const delegateLanding = (categories: readonly DelegateCategory[]) =>
  delegateLink(DELEGATE_CATEGORIES.find((c) => categories.includes(c)) ?? 'finances');
