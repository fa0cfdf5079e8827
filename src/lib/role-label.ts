import { visibleRoles } from '../../contract/roles.rules.js';
import type { RoleHolder } from '../../contract/roles.rules.js';
import type { Role } from '../../contract/roles.schema.js';

const LABELS: Record<Role, string> = {
  student: 'Student',
  staff: 'Staff',
  faculty: 'Faculty',
  emeritus: 'Emeritus',
  advisor: 'Advisor',
  student_worker: 'Student Worker',
};

/** A role's name as the portal shows it: "Faculty", "Student Worker". */
export const roleLabel = (role: Role): string => LABELS[role];

/** The roles the employee card lists (portal.md §6: a faculty primary role hides a staff role). */
export function roleLabels(user: RoleHolder): string[] {
  return visibleRoles(user).map((role) => LABELS[role]);
}
