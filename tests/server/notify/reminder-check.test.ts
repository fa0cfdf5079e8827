import { describe, expect, it } from 'vitest';
import { reminderNoLongerDue } from '../../../server/notify/reminder-check.js';
import type { ReminderRecord } from '../../../server/notify/reminder-check.js';

const deadline = '2026-12-01T20:00:00.000Z';
const now = new Date('2026-11-28T20:00:00.000Z');
const row: ReminderRecord = {
  inList: 1,
  completedOn: null,
  dismissedOn: null,
  endsOn: deadline,
  offsets: '[]',
};
const check = (r: ReminderRecord | undefined, offset = 3) =>
  reminderNoLongerDue(r, { deadline, offset }, now, [3, 1]);

describe('a reminder is checked again before any channel sends it', () => {
  it('an assigned, open task before its deadline on one of its days is still due', () => {
    expect(check(row)).toBeUndefined();
  });
  it.each([
    ['not assigned', undefined],
    ['task not in the list', { ...row, inList: 0 }],
    ['task done', { ...row, completedOn: '2026-11-27T10:00:00.000Z' }],
    ['task dismissed', { ...row, dismissedOn: '2026-11-27T10:00:00.000Z' }],
    ['deadline moved', { ...row, endsOn: '2026-12-02T20:00:00.000Z' }],
  ] satisfies Array<[string, ReminderRecord | undefined]>)('is dropped as "%s"', (reason, r) => {
    expect(check(r)?.state).toBe('dropped');
    expect(check(r)).toMatchObject({
      reason: reason === 'not assigned' ? 'task not assigned' : reason,
    });
  });
  it('is dropped once its deadline has passed', () => {
    expect(reminderNoLongerDue(row, { deadline, offset: 3 }, new Date(deadline), [3, 1])).toEqual({
      state: 'dropped',
      reason: 'deadline passed',
    });
  });
  it('is dropped when staff removed its day from the task (push and text as well as email)', () => {
    expect(check({ ...row, offsets: '[7]' })).toEqual({
      state: 'dropped',
      reason: 'reminder days changed',
    });
    expect(check({ ...row, offsets: '[7, 3]' })).toBeUndefined();
  });
});
