import type { I18n } from '@lingui/core';
import type { Said } from '../../i18n/said.js';

/**
 * The demo sign-in page's people as its reader reads them (issue 76): each sample person's kind and
 * role in the catalogue. A person the list does not know keeps the name it was given.
 */
const LABELS: Readonly<Record<string, Said>> = {
  student: /*i18n*/ { id: 'sign-in.persona.student', message: 'Student' },
  'new-student': /*i18n*/ { id: 'sign-in.persona.new-student', message: 'New student' },
  staff: /*i18n*/ { id: 'sign-in.persona.staff', message: 'Staff' },
  faculty: /*i18n*/ { id: 'sign-in.persona.faculty', message: 'Faculty' },
  advisor: /*i18n*/ { id: 'sign-in.persona.advisor', message: 'Advisor' },
  emeritus: /*i18n*/ { id: 'sign-in.persona.emeritus', message: 'Emeritus faculty' },
  'student-worker': /*i18n*/ { id: 'sign-in.persona.student-worker', message: 'Student worker' },
  provisional: /*i18n*/ { id: 'sign-in.persona.provisional', message: 'Provisional account' },
};

const ROLES: Readonly<Record<string, Said>> = {
  student: /*i18n*/ { id: 'sign-in.role.student', message: 'student' },
  staff: /*i18n*/ { id: 'sign-in.role.staff', message: 'staff' },
  faculty: /*i18n*/ { id: 'sign-in.role.faculty', message: 'faculty' },
  advisor: /*i18n*/ { id: 'sign-in.role.advisor', message: 'advisor' },
  emeritus: /*i18n*/ { id: 'sign-in.role.emeritus', message: 'emeritus' },
};

const known = (list: Readonly<Record<string, Said>>, key: string) =>
  Object.hasOwn(list, key) ? list[key] : undefined;

/** A sample person's name on the list ("Student", "Estudiante"). */
export function personaLabel(i18n: I18n, id: string, label: string): string {
  const said = known(LABELS, id);
  return said ? i18n._(said) : label;
}

/** A sample person's role ("student", "estudiante"); an unknown one as stored, "_" as a space. */
export function personaRole(i18n: I18n, role: string): string {
  const said = known(ROLES, role);
  return said ? i18n._(said) : role.replace('_', ' ');
}
