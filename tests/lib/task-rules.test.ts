import { describe, expect, it } from 'vitest';
import { isDue, upcomingTasks } from '../../src/lib/task-rules.js';
import { userTask } from './fixtures.js';

const when = '2026-09-15T12:00:00.000Z';

describe('the portal block (portal.md §2, §9)', () => {
  it('My Next Steps shows 3 tasks: the first ones neither done nor dismissed, in list order', () => {
    const tasks = [
      userTask(1, { completed_on: when }),
      userTask(2),
      userTask(3, { does_not_apply_on: when }),
      userTask(4),
      userTask(5),
      userTask(6),
    ];
    expect(upcomingTasks(tasks).map((t) => t.task.id)).toEqual([2, 4, 5]);
    expect(upcomingTasks(tasks.slice(0, 2))).toHaveLength(1);
  });
});

describe('Due dates (next-steps.md §2)', () => {
  it('"Due" appears only for tasks with a deadline', () => {
    expect(isDue({ has_deadline: true, ends_on: '2027-01-31T12:00:00Z' })).toBe(true);
    expect(isDue({ has_deadline: false, ends_on: '2027-01-31T12:00:00Z' })).toBe(false);
    expect(isDue({ has_deadline: true, ends_on: null })).toBe(false);
  });
});
