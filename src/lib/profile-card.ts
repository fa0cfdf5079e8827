import type { RoleHolder } from '../../contract/roles.rules.js';

/** Where the profile summary shows (portal.md §2 Shared blocks). */
export type ProfilePlace = 'dashboard' | 'academics' | 'account';

/**
 * portal.md §2 and §6: a student card on academics or when the primary role is student; non-student
 * primary roles see the employee card.
 */
export function profileCardFor(user: RoleHolder, place: ProfilePlace): 'student' | 'employee' {
  return place === 'academics' || user.primary_role === 'student' ? 'student' : 'employee';
}
