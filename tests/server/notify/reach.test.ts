import { describe, expect, it } from 'vitest';
import {
  messageIdOf,
  messageReach,
  taskSeries,
  weekEnds,
  windowStart,
} from '../../../server/notify/reach.js';
import type {
  MessageReadRow,
  TaskWeekRow,
} from '../../../server/db/repositories/reach.repository.js';

const now = new Date('2026-11-23T18:00:00.000Z');

const message = (over: Partial<MessageReadRow>): MessageReadRow => ({
  id: 1,
  title: 'A message',
  audience: 'everyone',
  username: null,
  role: null,
  createdOn: '2026-11-22T12:00:00.000Z',
  reads: 0,
  ...over,
});

describe('the reach of messages', () => {
  it('reads the message a job names from its payload, and none from a payload that is not JSON or names none', () => {
    expect(messageIdOf('{"messageId":12}')).toBe(12);
    expect(messageIdOf('{"messageId":"12","other":true}')).toBe(12);
    for (const payload of [
      '{"messageId":0}',
      '{"messageId":-1}',
      '{"messageId":1.5}',
      '{"messageId":"12abc"}',
      '{"messageId":null}',
      '{"userTaskId":3}',
      '[12]',
      '12',
      '{"messageId":12',
      '',
    ])
      expect(messageIdOf(payload), payload).toBeUndefined();
  });

  it('counts as recipients everyone, the holders of the role by the §6 rules, or the one person while they exist', () => {
    const reach = messageReach({
      messages: [
        message({ id: 1, audience: 'everyone', reads: 3 }),
        message({ id: 2, audience: 'role', role: 'staff', reads: 1 }),
        message({ id: 3, audience: 'role', role: 'faculty' }),
        message({ id: 4, audience: 'person', username: 'amy', reads: 1 }),
        message({ id: 5, audience: 'person', username: 'gone' }),
        message({ id: 6, audience: 'role', role: 'no-such-role' }),
      ],
      jobs: [],
      roleGroups: [
        { primaryRole: 'student', otherRoles: '[]', count: 4 },
        // A student worker receives staff messages; emeritus counts as faculty and staff.
        { primaryRole: 'student', otherRoles: '["student_worker"]', count: 1 },
        { primaryRole: 'emeritus', otherRoles: '[]', count: 2 },
        // A faculty primary role hides a secondary staff role.
        { primaryRole: 'faculty', otherRoles: '["staff"]', count: 1 },
        // Not a role combination the rules know: counted in everyone only.
        { primaryRole: 'wizard', otherRoles: 'not json', count: 1 },
      ],
      people: new Set(['amy']),
    });
    expect(reach.map((m) => [m.id, m.recipients, m.readRate])).toEqual([
      [1, 9, 3 / 9],
      [2, 3, 1 / 3],
      [3, 3, 0],
      [4, 1, 1],
      [5, 0, null],
      [6, 0, null],
    ]);
    expect(reach.map((m) => m.audience)).toEqual([
      'Everyone',
      'Role: staff',
      'Role: faculty',
      'Person: amy',
      'Person: gone',
      'Role: no-such-role',
    ]);
  });

  it('sums the jobs per message and channel as sent, failed, waiting, not needed and address refused (one wording for a refused address), whatever the channel is called', () => {
    const [reach] = messageReach({
      messages: [message({ id: 7 })],
      jobs: [
        { payload: '{"messageId":7}', channel: 'email', state: 'sent', count: 5 },
        { payload: '{"messageId":7,"userId":2}', channel: 'email', state: 'sent', count: 1 },
        { payload: '{"messageId":7}', channel: 'email', state: 'failed', count: 2 },
        { payload: '{"messageId":"7"}', channel: 'sms', state: 'pending', count: 1 },
        { payload: '{"messageId":7}', channel: 'sms', state: 'running', count: 1 },
        { payload: '{"messageId":7}', channel: 'push', state: 'dropped', count: 4 },
        {
          payload: '{"messageId":7}',
          channel: 'push',
          state: 'dropped',
          reason: 'push endpoint refused: 10.0.0.1 is not a public address of a push service.',
          count: 1,
        },
        {
          payload: '{"messageId":7}',
          channel: 'email',
          state: 'dropped',
          reason: 'the recipient is not one email address',
          count: 3,
        },
        { payload: '{"messageId":8}', channel: 'email', state: 'sent', count: 9 },
        { payload: 'oops', channel: 'email', state: 'sent', count: 9 },
      ],
      roleGroups: [],
      people: new Set(),
    });
    expect(reach?.channels).toEqual([
      { channel: 'email', sent: 6, failed: 2, waiting: 0, dropped: 0, refused: 3 },
      { channel: 'push', sent: 0, failed: 0, waiting: 0, dropped: 4, refused: 1 },
      { channel: 'sms', sent: 0, failed: 0, waiting: 2, dropped: 0, refused: 0 },
    ]);
  });
});

describe('the reach of tasks', () => {
  it('ends the window of N weeks at now with N + 1 weekly points, the first at its start', () => {
    const ends = weekEnds(now, 2);
    expect(ends).toEqual([
      '2026-11-09T18:00:00.000Z',
      '2026-11-16T18:00:00.000Z',
      '2026-11-23T18:00:00.000Z',
    ]);
    expect(windowStart(now, 2)).toBe(ends[0]);
  });

  it('makes one series per task with a zero point for a week without a row, open as what is left, by deadline then title', () => {
    const ends = weekEnds(now, 1);
    const row = (over: Partial<TaskWeekRow>): TaskWeekRow => ({
      taskId: 1,
      title: 'B',
      endsOn: '2026-12-01T00:00:00.000Z',
      studentTypeId: null,
      studentType: null,
      weekEnd: ends[1] ?? '',
      assigned: 10,
      done: 3,
      dismissed: 2,
      overdue: 1,
      ...over,
    });
    const series = taskSeries(
      [
        row({}),
        row({
          taskId: 2,
          title: 'A',
          endsOn: null,
          weekEnd: ends[0] ?? '',
          assigned: 1,
          done: 0,
          dismissed: 0,
          overdue: 0,
        }),
        row({ taskId: 3, title: 'C', endsOn: '2026-11-01T00:00:00.000Z' }),
      ],
      ends,
    );
    expect(series.map((t) => t.taskId)).toEqual([3, 1, 2]);
    expect(series[1]?.points).toEqual([
      { weekEnd: ends[0], assigned: 0, done: 0, dismissed: 0, overdue: 0, open: 0 },
      { weekEnd: ends[1], assigned: 10, done: 3, dismissed: 2, overdue: 1, open: 4 },
    ]);
  });
});
