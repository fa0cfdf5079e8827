import type { Role } from '../../../contract/roles.schema.js';
import type { SisEndpoint } from '../endpoints.js';
import type { EthosPerson } from './models.js';
import { dateOf } from './terms.js';

/** Ethos person roles → the portal's (portal.md §6). */
const ROLE: Record<string, Role> = {
  student: 'student',
  instructor: 'faculty',
  employee: 'staff',
  advisor: 'advisor',
};

/** Roles in force today, Ethos's to the portal's; a student who is an employee is a student worker too. */
function rolesOf(person: EthosPerson, today: string) {
  const held = person.roles
    .filter(
      (r) => (!r.startOn || dateOf(r.startOn) <= today) && (!r.endOn || dateOf(r.endOn) >= today),
    )
    .map((r) => ROLE[r.role])
    .filter((r): r is Role => r !== undefined);
  const roles = new Set(held);
  if (roles.has('student') && roles.has('staff')) roles.add('student_worker');
  const order: Role[] = ['student', 'faculty', 'staff', 'advisor', 'student_worker'];
  const sorted = order.filter((r) => roles.has(r));
  const primary = sorted[0] ?? 'student';
  return { primary, others: sorted.filter((r) => r !== primary), roles };
}

/**
 * identity, roles, profile, person-info and contact-info from the person's record: roles from
 * `persons.roles`, the student number from the configured credential.
 */
export function personRead(
  endpoint: SisEndpoint,
  person: EthosPerson,
  o: { today: string; idCredential: string },
): unknown {
  const { primary, others, roles } = rolesOf(person, o.today);
  const credential = (type: string) => person.credentials.find((c) => c.type === type)?.value;
  const studentId = credential(o.idCredential) ?? '';
  const yn = (role: Role) => (roles.has(role) ? 'Y' : 'N');
  const preferred = person.names.find((n) => n.preference === 'preferred') ?? person.names[0];
  const legal = person.names.find((n) => n.type?.category === 'legal') ?? preferred;
  switch (endpoint) {
    case 'identity':
      return {
        nine_number: studentId,
        primary_role: primary,
        other_roles: others,
        financial_dashboard_access: roles.has('student'),
        has_provisional_account: false,
      };
    case 'roles':
      return { primary_role: primary, other_roles: others };
    case 'profile':
      return { staff_faculty_info: null, photo: null };
    case 'person-info':
      return {
        DISPLAY_NAME: preferred?.fullName ?? null,
        PREFERRED_NAME: preferred?.firstName ?? null,
        LEGAL_NAME: legal?.fullName ?? '',
        LEGAL_SEX: person.gender ? person.gender[0]?.toUpperCase() + person.gender.slice(1) : null,
        PRONOUNS: null,
        CITIZENSHIP_STATUS: null,
        VETERAN_CLASSIFICATION: null,
        VETERAN_ELIGIBILITY: 'N',
        VETERAN_STATUS: null,
        DISABILITY_CLASSIFICATION: null,
        DISABILITY_STATUS: null,
        EMPLOYEE: yn('staff') === 'Y' || yn('faculty') === 'Y' ? 'Y' : 'N',
        STUDENT: yn('student'),
        STUDENT_WORKER: yn('student_worker'),
        STUDENT_ID: studentId,
      };
    default: {
      const email = person.emails.find((e) => e.preference === 'primary') ?? person.emails[0];
      const phone = person.phones.find((p) => p.preference === 'primary') ?? person.phones[0];
      return {
        street_line_1: null,
        street_line_2: null,
        city: null,
        state: null,
        zip: null,
        phone_number: phone?.number ?? null,
        email: email?.address ?? null,
        initialized: true,
      };
    }
  }
}
