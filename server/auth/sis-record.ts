import type { Role } from '../../contract/roles.schema.js';
import { personas } from '../sis/personas.js';

/** What the student information system says about a person: ID number, roles and permissions. */
export interface SisRecord {
  persona: string | null;
  nine_number: string;
  primary_role: Role;
  other_roles: Role[];
  is_staff: boolean;
  is_superuser: boolean;
  can_use_demo: boolean;
  financial_dashboard_access: boolean;
  has_provisional_account: boolean;
}

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
  return {
    persona: persona.id,
    nine_number: persona.nine_number,
    primary_role: persona.primary_role,
    other_roles: persona.other_roles,
    is_staff: persona.is_staff,
    is_superuser: persona.is_superuser,
    can_use_demo: persona.can_use_demo,
    financial_dashboard_access: persona.financial_dashboard_access,
    has_provisional_account: persona.has_provisional_account,
  };
}
