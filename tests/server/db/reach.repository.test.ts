import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { ReachRepository } from '../../../server/db/repositories/reach.repository.js';
import { repositoryStores } from './stores.js';
import { seedReach } from './reach-seed.js';

const stores = repositoryStores('reach');
const now = new Date('2026-11-23T18:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

describe.each(stores)('the reach counts on $name', ({ open }) => {
  let database: Database;
  let seeded: Awaited<ReturnType<typeof seedReach>>;
  let reach: ReachRepository;

  beforeAll(async () => {
    database = await open();
    seeded = await seedReach(database.db, now);
    reach = new ReachRepository(database.db);
  });
  afterAll(async () => database.close());

  it('counts each message of the window with its reads, newest first, without demo messages or older ones', async () => {
    const rows = await reach.messagesSince(ago(7), 50);
    const { everyone, students, person, gone } = seeded.messages;
    expect(rows.map((r) => [r.id, r.reads])).toEqual([
      [everyone, 2],
      [students, 1],
      [person, 1],
      [gone, 0],
    ]);
    expect(rows[2]).toMatchObject({ audience: 'person', username: 'reach1', role: null });
    expect(await reach.messagesSince(ago(7), 2)).toHaveLength(2);
  });

  it('counts the jobs that mention a message by payload, channel, state and a dropped job’s reason, within the window only', async () => {
    const rows = await reach.messageJobCounts(ago(7));
    const { everyone } = seeded.messages;
    const about = JSON.stringify({ messageId: everyone });
    expect(
      rows.filter((r) => r.payload === about).sort((a, b) => a.state.localeCompare(b.state)),
    ).toEqual([
      // Only a dropped job has a reason (an address refused, or not needed): these have none.
      { payload: about, channel: 'email', state: 'failed', reason: null, count: 1 },
      { payload: about, channel: 'email', state: 'sent', reason: null, count: 2 },
    ]);
    expect(rows.some((r) => r.payload.includes('userTaskId'))).toBe(false);
    expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(8);
  });

  it('counts people by the roles they hold, and finds which usernames exist', async () => {
    const groups = await reach.roleGroups();
    expect(groups).toContainEqual({ primaryRole: 'student', otherRoles: '[]', count: 2 });
    expect(groups).toContainEqual({
      primaryRole: 'student',
      otherRoles: '["student_worker"]',
      count: 1,
    });
    expect(await reach.existingUsernames(['reach1', 'nobody-here', 'reach1'])).toEqual(
      new Set(['reach1']),
    );
    expect(await reach.existingUsernames([])).toEqual(new Set());
  });

  it('counts a task assigned, done, dismissed and overdue as it stood at the end of each week', async () => {
    const ends = [ago(14), ago(7), now.toISOString()];
    const rows = (await reach.taskWeeks(ends, 'all')).filter((r) => r.taskId === seeded.taskId);
    expect(
      rows
        .map(({ weekEnd, assigned, done, dismissed, overdue }) => ({
          weekEnd,
          assigned,
          done,
          dismissed,
          overdue,
        }))
        .sort((a, b) => a.weekEnd.localeCompare(b.weekEnd)),
    ).toEqual([
      // Before the deadline: one done, two open.
      { weekEnd: ends[0], assigned: 3, done: 1, dismissed: 0, overdue: 0 },
      // The deadline passed: the two not done are overdue.
      { weekEnd: ends[1], assigned: 3, done: 1, dismissed: 0, overdue: 2 },
      // One dismissed since: no longer overdue.
      { weekEnd: ends[2], assigned: 3, done: 1, dismissed: 1, overdue: 1 },
    ]);
    expect((await reach.taskWeeks(ends, 'all')).some((r) => r.taskId === seeded.draftId)).toBe(
      false,
    );
    expect(await reach.taskWeeks([], 'all')).toEqual([]);
  });

  it('counts one student type, or every type with a student of two types in both and one of none apart', async () => {
    const ends = [now.toISOString()];
    const [a] = (await reach.taskWeeks(ends, { studentTypeId: seeded.types.typeA })).filter(
      (r) => r.taskId === seeded.taskId,
    );
    expect(a).toMatchObject({ assigned: 2, done: 1, dismissed: 1, overdue: 0 });

    const byType = (await reach.taskWeeks(ends, 'type')).filter((r) => r.taskId === seeded.taskId);
    const of = (name: string | null) => byType.find((r) => r.studentType === name);
    expect(of('Reach type A')).toMatchObject({ studentTypeId: seeded.types.typeA, assigned: 2 });
    expect(of('Reach type B')).toMatchObject({ assigned: 1, dismissed: 1 });
    expect(of(null)).toMatchObject({ studentTypeId: null, assigned: 1, overdue: 1 });
  });
});
