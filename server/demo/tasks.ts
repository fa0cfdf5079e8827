import type { UserTask, UserTaskPatch } from '../../contract/next-steps/task.schema.js';
import { isOverdue } from '../next-steps/rules.js';

const DAY_MS = 86_400_000;
const day = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();

/**
 * next-steps.md §3 "Task assignment" demo shapes: what Next Steps and the portal show while demo mode
 * is on. Nothing here is stored; a change is answered but forgotten.
 */
export function demoUserTasks(userId: number, now: Date): UserTask[] {
  const base = {
    user: userId,
    completed_on: null,
    starred: false,
    do_now_on: null,
    does_not_apply_on: null,
  };
  const task = {
    action_date: null,
    periodicity: 'once',
    important_reason: '',
    sort_by: 'START' as const,
    has_deadline: false,
    modality: 'ONLINE' as const,
    is_important: false,
    new_student_checklist: false,
    checklist_rank: null,
    category: 1,
    // The demo's ends are timed (a time of day from now).
    ends_on_day: null,
  };
  const items: Array<Omit<UserTask, 'overdue'>> = [
    {
      ...base,
      id: 9001,
      task: {
        ...task,
        id: 9101,
        title: 'Demo: submit your FAFSA',
        description: 'A sample overdue task with a deadline.',
        starts_on: day(now, -30),
        ends_on: day(now, -2),
        has_deadline: true,
        is_important: true,
        important_reason: 'Aid is awarded first come, first served.',
        category: 2,
      },
    },
    {
      ...base,
      id: 9002,
      starred: true,
      task: {
        ...task,
        id: 9102,
        title: 'Demo: register for orientation',
        description: 'A sample new-student checklist task.',
        starts_on: day(now, -1),
        ends_on: day(now, 14),
        has_deadline: true,
        new_student_checklist: true,
        checklist_rank: 1,
        action_date: day(now, -1),
      },
    },
    {
      ...base,
      id: 9003,
      completed_on: day(now, -1),
      task: {
        ...task,
        id: 9103,
        title: 'Demo: check your campus email',
        description: 'A sample task already done.',
        starts_on: null,
        ends_on: day(now, 10),
      },
    },
    {
      ...base,
      id: 9004,
      task: {
        ...task,
        id: 9104,
        title: 'Demo: apply for summer housing',
        description: 'A sample task that starts later.',
        starts_on: day(now, 20),
        ends_on: null,
        periodicity: 'every summer term',
        category: 4,
      },
    },
  ];
  return items.map((item) => ({
    ...item,
    overdue: isOverdue(item.task, item.completed_on, now),
  }));
}

/** A demo change: answered as if saved. */
export function patchDemoUserTask(
  userId: number,
  id: number,
  change: UserTaskPatch,
  now: Date,
): UserTask | undefined {
  const item = demoUserTasks(userId, now).find((t) => t.id === id);
  if (!item) return undefined;
  const next = { ...item, ...change };
  return { ...next, overdue: isOverdue(next.task, next.completed_on ?? null, now) };
}
