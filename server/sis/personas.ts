import type { PersonaId } from '../../contract/persona.schema.js';
import type { PersonFields } from '../../contract/user.schema.js';

/**
 * One person of the embedded default: who signs in on the demo page and whom the sample SIS knows.
 * Their fields are the user record's (contract/user.schema.ts), so a persona cannot drift from it.
 */
export interface Persona extends PersonFields {
  id: PersonaId;
  label: string;
  /** Next Steps shows this person the new-student checklist (next-steps.md §6). */
  is_new_student?: boolean;
  /** Issue 73: the sample records mark this person confidential (only a superuser may view as them). */
  confidential?: boolean;
}

const base = {
  other_roles: [],
  is_staff: false,
  is_superuser: false,
  can_use_demo: true,
  financial_dashboard_access: false,
  has_provisional_account: false,
} satisfies Partial<Persona>;

export const personas: readonly Persona[] = [
  {
    ...base,
    id: 'student',
    label: 'Student',
    username: 'avalencia',
    first_name: 'Ana',
    last_name: 'Valencia',
    email: 'avalencia@campus.example.edu',
    nine_number: '900000001',
    primary_role: 'student',
    financial_dashboard_access: true,
  },
  {
    ...base,
    id: 'new-student',
    label: 'New student',
    username: 'jokafor',
    first_name: 'Jordan',
    last_name: 'Okafor',
    email: 'jokafor@campus.example.edu',
    nine_number: '900000002',
    primary_role: 'student',
    is_new_student: true,
  },
  {
    ...base,
    id: 'staff',
    label: 'Staff',
    username: 'mchen',
    first_name: 'Morgan',
    last_name: 'Chen',
    email: 'mchen@campus.example.edu',
    nine_number: '900000003',
    primary_role: 'staff',
    is_staff: true,
  },
  {
    ...base,
    id: 'faculty',
    label: 'Faculty',
    username: 'rpatel',
    first_name: 'Ravi',
    last_name: 'Patel',
    email: 'rpatel@campus.example.edu',
    nine_number: '900000004',
    primary_role: 'faculty',
    other_roles: ['staff'],
  },
  {
    ...base,
    id: 'advisor',
    label: 'Advisor',
    username: 'lnguyen',
    first_name: 'Linh',
    last_name: 'Nguyen',
    email: 'lnguyen@campus.example.edu',
    nine_number: '900000005',
    primary_role: 'advisor',
    other_roles: ['staff'],
  },
  {
    ...base,
    id: 'emeritus',
    label: 'Emeritus faculty',
    username: 'hbrooks',
    first_name: 'Helen',
    last_name: 'Brooks',
    email: 'hbrooks@campus.example.edu',
    nine_number: '900000006',
    primary_role: 'emeritus',
  },
  {
    ...base,
    id: 'student-worker',
    label: 'Student worker',
    username: 'sgarcia',
    first_name: 'Sam',
    last_name: 'Garcia',
    email: 'sgarcia@campus.example.edu',
    nine_number: '900000007',
    primary_role: 'student',
    other_roles: ['student_worker'],
    confidential: true,
  },
  {
    ...base,
    id: 'provisional',
    label: 'Provisional account',
    username: 'tprovisional',
    first_name: 'Taylor',
    last_name: 'Reed',
    email: 'taylor.reed@mail.example.com',
    nine_number: '900000008',
    primary_role: 'student',
    can_use_demo: false,
    has_provisional_account: true,
  },
];

export function findPersona(id: PersonaId): Persona {
  const persona = personas.find((p) => p.id === id);
  if (!persona) throw new Error(`Unknown persona ${id}`);
  return persona;
}
