import { isStudent } from '../../contract/roles.rules.js';
import type { RoleHolder } from '../../contract/roles.rules.js';

/** A person as the SIS gave them at sign-in: their university ID, empty when it had no record. */
export interface SisPerson extends RoleHolder {
  nine_number: string;
}

/**
 * Whether the student information system knows the person (issue 57). Sign-in lets in someone it
 * has no record of (server/auth/identity.ts) with a student role but no university ID: the portal can
 * tell them nothing of classes, holds or tasks.
 */
export const knownToSis = (person: Pick<SisPerson, 'nine_number'>): boolean =>
  person.nine_number.trim() !== '';

/**
 * Who is shown the student blocks (portal.md §6: Today's Classes, holds, the next-steps block) and
 * the student checklist: a student the SIS knows.
 */
export const seesStudentBlocks = (person: SisPerson): boolean =>
  isStudent(person) && knownToSis(person);
