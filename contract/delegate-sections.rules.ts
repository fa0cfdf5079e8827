import type { DelegateCategory } from './delegates.schema.js';

/**
 * The portal's own pages each category opens to a delegate, by the start of their address (issue
 * 88): the browser's menu and route guard (src/lib/delegate-sections.ts) and the server's drawn
 * page (server/html/first-answers.ts) read the same list. Next Steps is its own app, which has no
 * delegate capacity yet.
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
