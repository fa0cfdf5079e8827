import { DELEGATE_CATEGORIES } from '../../contract/delegates.schema.js';
import type { DelegateCategory } from '../../contract/delegates.schema.js';
import { DELEGATE_SECTIONS } from '../../contract/delegate-sections.rules.js';

/**
 * Where each category takes a delegate (issue 88): the portal's own pages (`DELEGATE_SECTIONS`, by
 * the start of their address). Next Steps is its own app, which has no delegate capacity yet: until
 * it has, the shared tasks are read on the delegate's own page (`NEXT_STEPS_SHARED`), not in an app
 * that would refuse them. Nothing else is theirs to read: not the dashboard, which joins every part
 * of the record, nor Account. A module of its own, without the sections' names, so the first
 * route's `/` can send a delegate on.
 */
export const NEXT_STEPS_SHARED = '/auth/delegate#shared-next-steps';

/** Where a category's link goes: its section, or for Next Steps the delegate's own page. */
export const delegateLink = (category: DelegateCategory) =>
  category === 'next-steps' ? NEXT_STEPS_SHARED : DELEGATE_SECTIONS[category];

/** Where a delegate lands: the first section shared, in the contract's order. */
export const delegateLanding = (categories: readonly DelegateCategory[]) =>
  delegateLink(DELEGATE_CATEGORIES.find((c) => categories.includes(c)) ?? 'finances');
