/**
 * Why the person's changes cannot be saved just now, or null when they can: demo data is never
 * saved; offline (issue 44) the page shows what was kept and a change could only fail, so the
 * controls that write wait, saying why, until the connection is back.
 */
export type ReadOnly = 'demo' | 'offline' | null;

/** What a control that cannot save says in place of its status. */
export const READ_ONLY_TEXT: Record<Exclude<ReadOnly, null>, string> = {
  demo: 'Changes are not saved in demo mode.',
  offline: 'You’re offline: changes can be saved again once you’re back online.',
};
