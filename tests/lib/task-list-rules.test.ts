import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/lib/i18n.js';
import type { TaskFilter } from '../../src/lib/task-filter.js';
import { emptyText } from '../../src/lib/task-filter.js';
import {
  borderOf,
  dateDisplay,
  filterTasks,
  findTask,
  isInFilter,
  nextTask,
} from '../../src/lib/task-list-rules.js';
import { userTask } from './fixtures.js';

const filters: TaskFilter[] = ['upNext', 'overdue', 'bookmarks', 'done', 'dismissed', 'important'];
const when = '2026-09-15T12:00:00.000Z';

describe('the filters (next-steps.md §4)', () => {
  it('each task appears in exactly the filters its fields imply', () => {
    fc.assert(
      fc.property(
        fc.record({
          done: fc.boolean(),
          dismissed: fc.boolean(),
          starred: fc.boolean(),
          important: fc.boolean(),
          overdue: fc.boolean(),
        }),
        (f) => {
          const t = userTask(
            1,
            {
              completed_on: f.done ? when : null,
              does_not_apply_on: f.dismissed ? when : null,
              starred: f.starred,
              overdue: f.overdue,
            },
            { is_important: f.important },
          );
          const open = !f.done && !f.dismissed;
          const expected: Record<TaskFilter, boolean> = {
            done: f.done && !f.dismissed,
            dismissed: f.dismissed && !f.done,
            upNext: open,
            bookmarks: open && f.starred,
            important: open && f.important,
            overdue: open && f.overdue,
          };
          for (const filter of filters) expect(isInFilter(t, filter)).toBe(expected[filter]);
        },
      ),
    );
  });

  it('keeps the list order within a filter', () => {
    const tasks = [3, 1, 2].map((id) => userTask(id, { starred: id !== 1 }));
    expect(filterTasks(tasks, 'bookmarks').map((t) => t.task.id)).toEqual([3, 2]);
  });

  it.each([
    ['upNext', 'You have no tasks coming up soon.'],
    ['important', 'No important tasks right now.'],
    ['overdue', 'No overdue tasks right now.'],
    ['bookmarks', 'No bookmarks yet.'],
    ['done', 'You haven\'t marked anything "done" yet.'],
    ['dismissed', 'You haven\'t "dismissed" anything yet.'],
  ] as const)('the %s empty-state message is "%s"', (filter, text) => {
    expect(emptyText(filter)).toBe(text);
  });
});

describe('next task and task lookup', () => {
  const tasks = [
    userTask(1),
    userTask(2, { completed_on: when }),
    userTask(3),
    userTask(4, { does_not_apply_on: when }),
    userTask(5),
  ];

  it('the next task is the one after the given task in the incomplete, non-dismissed list', () => {
    expect(nextTask(tasks, 1, null)).toMatchObject({ task: { id: 3 } });
    expect(nextTask(tasks, 3, null)).toMatchObject({ task: { id: 5 } });
  });

  it('otherwise the next task is the first incomplete non-dismissed task', () => {
    expect(nextTask(tasks, 5, null)).toMatchObject({ task: { id: 1 } });
    expect(nextTask(tasks, 2, null)).toMatchObject({ task: { id: 1 } });
  });

  it('otherwise the next task is false', () => {
    expect(nextTask([userTask(2, { completed_on: when })], 2, null)).toBe(false);
  });

  it('task lookup falls back to the selected task when the given id is not a number or is 0', () => {
    expect(findTask(tasks, 0, 3)?.task.id).toBe(3);
    expect(findTask(tasks, 'abc', 3)?.task.id).toBe(3);
    expect(findTask(tasks, Number.NaN, 5)?.task.id).toBe(5);
    expect(findTask(tasks, 1, 3)?.task.id).toBe(1);
    expect(nextTask(tasks, 0, 3)).toMatchObject({ task: { id: 5 } });
  });
});

describe('the date display of a list item (next-steps.md §2)', () => {
  const starts = '2026-10-01T23:59:00.000Z';
  const ends = '2026-10-20T23:59:00.000Z';

  it.each([
    [
      'completed tasks show "Done" plus the short completion date',
      userTask(1, { completed_on: when, overdue: false }),
      'Done Sep 15',
    ],
    [
      'overdue tasks show "OVERDUE"',
      userTask(1, { overdue: true }, { ends_on: ends, has_deadline: true }),
      'OVERDUE',
    ],
    ['"Starts" when only starts_on is set', userTask(1, {}, { starts_on: starts }), 'Starts Oct 1'],
    [
      '"Ends" when only ends_on is set and there is no deadline',
      userTask(1, {}, { ends_on: ends }),
      'Ends Oct 20',
    ],
    [
      'a range when both are set',
      userTask(1, {}, { starts_on: starts, ends_on: ends }),
      'Oct 1 – Oct 20',
    ],
    ['"Due" otherwise', userTask(1, {}, { ends_on: ends, has_deadline: true }), 'Due Oct 20'],
    [
      'a date-only deadline shows its own day, not the UTC day of the end of that campus day',
      userTask(
        1,
        {},
        { ends_on: '2026-10-21T06:59:59.999Z', ends_on_day: '2026-10-20', has_deadline: true },
      ),
      'Due Oct 20',
    ],
  ])('%s', (_rule, task, text) => {
    expect(dateDisplay(task, false)).toMatchObject({ text });
  });

  it('shows no date for a task without dates', () => {
    expect(dateDisplay(userTask(1), false)).toEqual({ kind: 'none' });
  });

  it('a new student sees the badge "NEW STUDENT CHECKLIST" instead of dates on a checklist task', () => {
    const t = userTask(1, {}, { new_student_checklist: true, ends_on: ends, has_deadline: true });
    expect(dateDisplay(t, true)).toEqual({ kind: 'badge', text: 'NEW STUDENT CHECKLIST' });
    expect(dateDisplay(t, false)).toEqual({ kind: 'date', text: 'Due Oct 20' });
  });

  describe('in Spanish (issue 59)', () => {
    afterEach(() => activateLocale('en'));

    it('says "Vence el", "Hecha el" and "VENCIDA" with the date written in es-US', async () => {
      await activateLocale('es');
      const due = userTask(1, {}, { ends_on: ends, has_deadline: true });
      expect(dateDisplay(due, false)).toEqual({ kind: 'date', text: 'Vence el 20 oct' });
      expect(dateDisplay(userTask(1, { completed_on: when }), false)).toMatchObject({
        text: 'Hecha el 15 sept',
      });
      expect(dateDisplay(userTask(1, { overdue: true }), false)).toMatchObject({ text: 'VENCIDA' });
    });
  });
});

describe('the border of a list item', () => {
  it.each([
    ['default', userTask(1), 'default'],
    ['important', userTask(1, {}, { is_important: true }), 'important'],
    ['overdue', userTask(1, { overdue: true }, { is_important: true }), 'overdue'],
    [
      'none for the category whose slug is "fun"',
      userTask(1, { overdue: true }, { category: 7 }),
      'none',
    ],
  ] as const)('border style is %s', (_name, task, border) => {
    expect(borderOf(task, 7)).toBe(border);
  });
});
