import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { visibleRoles } from '../../contract/roles.rules.js';
import type { RoleHolder } from '../../contract/roles.rules.js';
import type { Role } from '../../contract/roles.schema.js';

const LABELS: Record<Role, MessageDescriptor> = {
  student: msg({ message: 'Student', context: 'role' }),
  staff: msg({ message: 'Staff', context: 'role' }),
  faculty: msg({ message: 'Faculty', context: 'role' }),
  emeritus: msg({ message: 'Emeritus', context: 'role' }),
  advisor: msg({ message: 'Advisor', context: 'role' }),
  student_worker: msg({ message: 'Student Worker', context: 'role' }),
};

/** A role's name as the portal shows it, in the reader's language: "Faculty", "Student Worker". */
export const roleLabel = (role: Role): string => i18n._(LABELS[role]);

/** The roles the employee card lists (portal.md §6: a faculty primary role hides a staff role). */
export function roleLabels(user: RoleHolder): string[] {
  return visibleRoles(user).map(roleLabel);
}
