import { STUDENT_ROLES } from '../../contract/roles.schema.js';
import type { Roles } from '../../contract/roles.schema.js';

/**
 * THE visibility rule of Next Steps (issues 40 and 41): which tasks a person's Next Steps list holds.
 * The list (`next-steps/tasks.ts`), search's task hits, the reminder and digest planners and the
 * check a reminder gets again at send all ask this one rule, so none of them finds or reminds of a
 * task the list does not show.
 *
 * A person's list holds task T when all of these hold:
 * 1. **The person has a list** (`hasNextStepsList`): not a provisional account (Next Steps answers
 *    them 403), known to the student information system (a university ID: issue 57, someone
 *    sign-in let in without a record gets no student checklist) and a student role, primary or
 *    other (`STUDENT_ROLES`). An employee without one — staff, faculty, advisor, emeritus — has no
 *    list: Next Steps shows them what it is instead.
 * 2. **T is aimed at them**: T targets "All Students" or one of the person's *current* student types
 *    (a record of a task kept from types they no longer have is not in the list).
 * 3. **T is published** (or, for a staff preview, unpublished) **and its publishing time has come**
 *    (`publishes_on` null or not after the time asked about).
 * 4. **The person has their record of T** (`ns_user_tasks`, made at sign-in or when staff save T).
 *
 * Done and dismissed tasks stay in the list (its filters show them); a reminder asks more (not done,
 * not dismissed, a deadline ahead) on top of this rule.
 *
 * In SQL the rule is `taskInList` (`db/repositories/task-visibility.sql.ts`), a condition over a
 * person's record joined to its task, the same text on SQLite and PostgreSQL; `hasNextStepsList`
 * is part 1 for a person already in hand (a request's user).
 */

/** Who the checklist's tasks are aimed at: a student role, primary or other (part 1's role half). */
export function hasStudentChecklist(roles: Pick<Roles, 'primary_role' | 'other_roles'>): boolean {
  return [roles.primary_role, ...roles.other_roles].some((role) =>
    (STUDENT_ROLES as readonly string[]).includes(role),
  );
}

/** The person as part 1 needs them. */
export type ListHolder = Pick<Roles, 'primary_role' | 'other_roles'> & {
  has_provisional_account: boolean;
  /** The university ID the SIS gave at sign-in; empty when it had no record of the person. */
  nine_number: string;
};

/** Part 1: whether the person has a Next Steps list at all (not provisional, known, a student role). */
export function hasNextStepsList(person: ListHolder): boolean {
  return (
    !person.has_provisional_account &&
    person.nine_number.trim() !== '' &&
    hasStudentChecklist(person)
  );
}

/** Parts 3's choice: published tasks (everyone) or unpublished ones (a staff preview), at a time. */
export interface ListView {
  published: boolean;
  /** The time looked at: a task published for later is not in the list yet. */
  at: Date;
}
