/**
 * portal.md §6 Roles and permissions: the derived role rules, in one place. Shared by the server
 * (content filtered by role before it is sent) and the browser (which blocks a user sees).
 */
import { roleSchema } from './roles.schema.js';
import type { Role } from './roles.schema.js';

export interface RoleHolder {
  primary_role: Role;
  other_roles: readonly Role[];
}

const EMPLOYEE_ROLES: readonly Role[] = ['staff', 'faculty', 'emeritus', 'student_worker'];

/** The roles a user holds as given, primary first, without repeats. */
function held(user: RoleHolder): Role[] {
  return [...new Set([user.primary_role, ...user.other_roles])];
}

/** Students see Today's Classes, the academic information grid, holds and the next-steps block. */
export function isStudent(user: RoleHolder): boolean {
  return held(user).includes('student');
}

/** Emeritus counts as faculty. */
export function isFaculty(user: RoleHolder): boolean {
  return held(user).some((r) => r === 'faculty' || r === 'emeritus');
}

/** Employee means staff, faculty, emeritus or student worker. */
export function isEmployee(user: RoleHolder): boolean {
  return held(user).some((r) => EMPLOYEE_ROLES.includes(r));
}

/** A faculty primary role hides a secondary staff role: the roles a user is shown with. */
export function visibleRoles(user: RoleHolder): Role[] {
  const roles = held(user);
  return user.primary_role === 'faculty' ? roles.filter((r) => r !== 'staff') : roles;
}

/** Student worker and emeritus also receive staff content (a hidden staff role does not). */
export function receivesStaffContent(user: RoleHolder): boolean {
  return visibleRoles(user).some(
    (r) => r === 'staff' || r === 'student_worker' || r === 'emeritus',
  );
}

/** Whether the user has a role, counting the derived ones (emeritus → faculty, staff content). */
export function hasRole(user: RoleHolder, role: Role): boolean {
  if (role === 'faculty') return isFaculty(user);
  if (role === 'staff') return receivesStaffContent(user);
  return held(user).includes(role);
}

/** A post whose category equals a role shows only to users with that role; others show to all. */
export function canSeePost(user: RoleHolder, category: string | null | undefined): boolean {
  const role = roleSchema.safeParse(category);
  return role.success ? hasRole(user, role.data) : true;
}
