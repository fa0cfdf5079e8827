import { DELEGATE_CATEGORIES } from '../../contract/delegates.schema.js';
import type { DelegateCategory } from '../../contract/delegates.schema.js';

/**
 * The portal's own pages each category opens to a delegate, by the start of their address (Next
 * Steps is its own app, under `/next-steps`). Nothing else is theirs to read: not the dashboard,
 * which joins every part of the record, nor Account. A module of its own, without the sections'
 * names, so the first route's `/` can send a delegate on (issue 88).
 */
export const DELEGATE_SECTIONS = {
  finances: '/finances',
  academics: '/academics',
  'next-steps': '/next-steps',
  messages: '/messages',
} as const satisfies Record<DelegateCategory, string>;

export type DelegateSection = (typeof DELEGATE_SECTIONS)[DelegateCategory];

/** Where a delegate lands: the first section shared, in the contract's order. */
export const delegateLanding = (categories: readonly DelegateCategory[]): DelegateSection =>
  DELEGATE_SECTIONS[DELEGATE_CATEGORIES.find((c) => categories.includes(c)) ?? 'finances'];
