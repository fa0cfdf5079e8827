import { readerText } from '../../contract/translations.rules.js';
import type { ItemSource } from '../../contract/translations.rules.js';
import type { Language } from '../../contract/language.schema.js';
import type { Selectable } from 'kysely';
import type { Curriculum } from '../../contract/sis/academics.schema.js';
import type { PersonInfo } from '../../contract/sis/person-info.schema.js';
import { completedBecauseSchema } from '../../contract/next-steps/task.schema.js';
import type { CompletedBecause, Task, UserTask } from '../../contract/next-steps/task.schema.js';
import type { NsTasksTable, NsUserTasksTable } from '../db/next-steps.schema.js';

/**
 * next-steps.md §4: overdue is computed by the server — the task has a deadline, its end has passed,
 * and it is not done.
 */
export function isOverdue(
  task: Pick<Task, 'has_deadline' | 'ends_on'>,
  completedOn: string | null,
  now: Date,
): boolean {
  if (!task.has_deadline || !task.ends_on || completedOn) return false;
  return new Date(task.ends_on).getTime() < now.getTime();
}

/** The date a task sorts by: its start for sort_by START, else its end; the other date as fallback. */
function sortDate(task: Task): number {
  const first = task.sort_by === 'START' ? task.starts_on : task.ends_on;
  const value = first ?? task.starts_on ?? task.ends_on;
  return value ? new Date(value).getTime() : Number.POSITIVE_INFINITY;
}

/** The list order: by date (undated last), then checklist rank, then id, so the order is stable. */
export function compareTasks(a: UserTask, b: UserTask): number {
  const byDate = sortDate(a.task) - sortDate(b.task);
  if (byDate !== 0 && !Number.isNaN(byDate)) return byDate;
  const rank = (t: Task) => t.checklist_rank ?? Number.MAX_SAFE_INTEGER;
  return rank(a.task) - rank(b.task) || a.task.id - b.task.id;
}

const SORT_BY = ['START', 'END'] as const;
const MODALITY = ['ONLINE', 'IN_PERSON', 'HYBRID'] as const;
const pick = <T extends string>(allowed: readonly T[], value: string, fallback: T): T =>
  (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

export function toTask(row: Selectable<NsTasksTable>): Task {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category_id,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    ends_on_day: row.ends_on_day,
    has_deadline: row.has_deadline === 1,
    is_important: row.is_important === 1,
    important_reason: row.important_reason,
    new_student_checklist: row.new_student_checklist === 1,
    checklist_rank: row.checklist_rank,
    action_date: row.action_date,
    periodicity: row.periodicity,
    sort_by: pick(SORT_BY, row.sort_by, 'START'),
    modality: pick(MODALITY, row.modality, 'ONLINE'),
  };
}

export function toUserTask(
  row: Selectable<NsUserTasksTable>,
  task: Selectable<NsTasksTable>,
  now: Date,
  /** A publisher's task (issue 60), or the staff's own: its translations, the reader's choice. */
  inbound?: ItemSource,
  /** The reader's browser's language (Accept-Language), for a reader who never chose (issue 59). */
  browser: Language = 'en',
): UserTask {
  const text = readerText({ title: task.title, body: task.description }, inbound, browser);
  const nested = {
    ...toTask(task),
    ...(text ? { title: text.title, description: text.body, lang: text.lang } : {}),
  };
  return {
    id: row.id,
    user: row.user_id,
    task: nested,
    starred: row.starred === 1,
    completed_on: row.completed_on,
    does_not_apply_on: row.does_not_apply_on,
    do_now_on: row.do_now_on,
    overdue: isOverdue(nested, row.completed_on, now),
    // Only on a completion a publisher's system made (issue 60): other answers are as they were.
    ...(row.completed_on !== null && row.completed_by ? { completed_in: row.completed_by } : {}),
    // Only on a completion the student's record made (issue 74): why, beside the publisher.
    ...(row.completed_on !== null && row.completed_by && row.completed_because
      ? reasonOf(row.completed_because)
      : {}),
  };
}

/** A stored `completed_because`, read defensively: unreadable JSON is no reason. */
function reasonOf(text: string): { completed_because?: CompletedBecause } {
  try {
    const parsed = completedBecauseSchema.safeParse(JSON.parse(text));
    return parsed.success ? { completed_because: parsed.data } : {};
  } catch {
    return {};
  }
}

/** Who gets the checklist's tasks: kept in the one visibility rule, task-visibility.ts. */
export { hasStudentChecklist } from './task-visibility.js';

/** What the student record says of a person; a read the SIS answered with a Warning is null. */
export interface StudentRecordFacts {
  curricula: Array<Pick<Curriculum, 'LEVL_CODE' | 'ADMITLEVEL' | 'STUDENT_TYPE'>>;
  classStanding: string | null;
  person: Pick<PersonInfo, 'VETERAN_ELIGIBILITY' | 'VETERAN_STATUS' | 'CITIZENSHIP_STATUS'> | null;
}

/**
 * The student types the record gives (issue #28): Graduate or Undergraduate by the program's level
 * (or a "Graduate" class standing); First-Year for a new undergraduate (the new-student checklist);
 * Transfer when admitted as a transfer or standing "Transfer"; Veteran when eligible for veteran
 * benefits or recorded as a veteran; International for a student on a visa. "Online Learner" is not
 * in the record: only the person ticks it.
 */
export function studentTypesFromRecord(facts: StudentRecordFacts, isNewStudent: boolean): string[] {
  const { curricula, classStanding, person } = facts;
  const levels = new Set(curricula.map((c) => c.LEVL_CODE));
  const graduate = levels.has('GR') || (levels.size === 0 && classStanding === 'Graduate');
  const undergraduate =
    levels.has('UG') ||
    (levels.size === 0 && classStanding !== null && classStanding !== 'Graduate');
  const isNew = isNewStudent || curricula.some((c) => /^new\b/i.test(c.STUDENT_TYPE));
  const transfer =
    classStanding === 'Transfer' ||
    curricula.some((c) => /transfer/i.test(c.ADMITLEVEL) || /transfer/i.test(c.STUDENT_TYPE));
  const veteran =
    person !== null &&
    (person.VETERAN_ELIGIBILITY === 'Y' || /^veteran$/i.test(person.VETERAN_STATUS ?? ''));
  const international =
    person !== null && /international|visa|non-?resident/i.test(person.CITIZENSHIP_STATUS ?? '');
  const types: Array<[boolean, string]> = [
    [undergraduate, 'Undergraduate'],
    [isNew && (undergraduate || !graduate), 'First-Year'],
    [transfer, 'Transfer'],
    [graduate, 'Graduate'],
    [international, 'International'],
    [veteran, 'Veteran'],
  ];
  return types.filter(([applies]) => applies).map(([, name]) => name);
}
