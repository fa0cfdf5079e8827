import type { UserProfile } from '../db/repositories/users.repository.js';
import { personas } from '../sis/personas.js';

/** What the student information system says about a person: ID number, roles and permissions. */
export type SisRecord = Omit<UserProfile, 'username' | 'first_name' | 'last_name' | 'email'>;

/** Someone the SIS does not know yet: a student with no extra permissions. */
const unknownPerson: SisRecord = {
  persona: null,
  nine_number: '',
  primary_role: 'student',
  other_roles: [],
  is_staff: false,
  is_superuser: false,
  can_use_demo: true,
  financial_dashboard_access: false,
  has_provisional_account: false,
};

/**
 * The SIS record of a signed-in username. Roles come from the SIS, never from the identity provider;
 * for now the sample SIS is the set of personas, matched by username.
 */
export function sisRecordFor(username: string): SisRecord {
  const persona = personas.find((p) => p.username === username);
  if (!persona) return unknownPerson;
  const {
    id,
    label: _label,
    username: _u,
    first_name: _f,
    last_name: _l,
    email: _e,
    ...record
  } = persona;
  return { ...record, persona: id };
}
