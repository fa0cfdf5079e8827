import { HTTPError } from 'ky';
import { describe, expect, it, vi } from 'vitest';
import type { UserTask } from '../../../contract/next-steps/task.schema.js';
import { NetworkError } from '../../../src/api/errors.js';
import { replayChanges } from '../../../src/api/next-steps/replay-changes.js';
import type { QueuedChange, SaveInput } from '../../../src/machines/task.machine.js';
import { userTask } from '../../lib/fixtures.js';

const T = '2026-11-25T09:41:00.000Z';
const E = '2026-11-25T08:00:00.000Z';
const markDone = (t: UserTask): QueuedChange => ({
  id: t.id,
  field: 'completed_on',
  change: { completed_on: T },
  base: { completed_on: null },
});
const bookmark = (t: UserTask): QueuedChange => ({
  id: t.id,
  field: 'starred',
  change: { starred: true },
  base: { starred: false },
});
const saving = () => vi.fn(async ({ id, change }: SaveInput) => userTask(id - 100, change));

describe('sending the changes made offline (issue 44)', () => {
  it('sends them in the order they were made and settles each with the server’s answer', async () => {
    const a = userTask(1);
    const b = userTask(2);
    const save = saving();
    const settled = await replayChanges([bookmark(b), markDone(a)], {
      fetchTasks: async () => [a, b],
      save,
    });
    expect(save.mock.calls.map(([input]) => input)).toEqual([
      { id: b.id, change: { starred: true } },
      { id: a.id, change: { completed_on: T } },
    ]);
    expect(settled.map((s) => [s.kind, s.change.id])).toEqual([
      ['sent', b.id],
      ['sent', a.id],
    ]);
  });

  it('the server’s record wins: a task done elsewhere meanwhile is not sent again, and keeps the server’s time', async () => {
    const doneElsewhere = userTask(1, { completed_on: E });
    const save = saving();
    const [settled] = await replayChanges([markDone(doneElsewhere)], {
      fetchTasks: async () => [doneElsewhere],
      save,
    });
    expect(save).not.toHaveBeenCalled();
    expect(settled).toEqual({
      kind: 'conflict',
      change: markDone(doneElsewhere),
      userTask: doneElsewhere,
    });
  });

  it('a change the server refuses is dropped, and the task keeps the server’s record', async () => {
    const a = userTask(1);
    const refused = new HTTPError(
      new Response('{}', { status: 400 }),
      new Request('http://portal.test/'),
      {} as never,
    );
    const [settled] = await replayChanges([markDone(a)], {
      fetchTasks: async () => [a],
      save: async () => Promise.reject(refused),
    });
    expect(settled).toEqual({ kind: 'conflict', change: markDone(a), userTask: a });
  });

  it('a task no longer in the list is gone', async () => {
    const [settled] = await replayChanges([markDone(userTask(9))], {
      fetchTasks: async () => [],
      save: saving(),
    });
    expect(settled?.kind).toBe('gone');
  });

  it('turned and turned back offline sends nothing', async () => {
    const a = userTask(1);
    const save = saving();
    const [settled] = await replayChanges([{ ...markDone(a), change: { completed_on: null } }], {
      fetchTasks: async () => [a],
      save,
    });
    expect(save).not.toHaveBeenCalled();
    expect(settled).toEqual(expect.objectContaining({ kind: 'sent', userTask: a }));
  });

  it('a Mark done made offline after opening Next Steps offline is not dropped when its first send is refused for want of a session (401, 403): it waits for the next try', async () => {
    const a = userTask(1);
    for (const status of [401, 403]) {
      const unsigned = new HTTPError(
        new Response('{}', { status }),
        new Request('http://portal.test/'),
        {} as never,
      );
      const settled = await replayChanges([markDone(a)], {
        fetchTasks: async () => [a],
        save: async () => Promise.reject(unsigned),
      });
      expect(settled).toEqual([]);
    }
  });

  it('unreachable again partway: what was sent is settled, the rest waits', async () => {
    const a = userTask(1);
    const b = userTask(2);
    const save = vi
      .fn<(input: SaveInput) => Promise<UserTask>>()
      .mockResolvedValueOnce(userTask(1, { completed_on: T }))
      .mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')));
    const settled = await replayChanges([markDone(a), bookmark(b)], {
      fetchTasks: async () => [a, b],
      save,
    });
    expect(settled.map((s) => s.change.id)).toEqual([a.id]);
  });

  it('unreachable still: nothing is settled', async () => {
    await expect(
      replayChanges([markDone(userTask(1))], {
        fetchTasks: async () => Promise.reject(new NetworkError(new TypeError('offline'))),
        save: saving(),
      }),
    ).rejects.toThrow(NetworkError);
  });
});
