import type { Role } from '../../../contract/roles.schema.js';

/**
 * Who is searching, as the index's filters need it; the caller derives it with the role rules
 * (portal.md §6), so the repository only queries.
 */
export interface SearchReader {
  /** The person's id: their own Next Steps tasks (by the list's rule, next-steps/task-visibility.ts). */
  userId: number;
  /** Messages addressed to them by username. */
  username: string;
  /** Every role they hold, derived ones included: messages addressed to a role. */
  roles: readonly Role[];
  /** Post categories they may not see (a role they lack, the financial dashboard without access). */
  hiddenCategories: readonly string[];
}
