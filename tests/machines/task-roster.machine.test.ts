import { describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { NetworkError } from '../../src/api/errors.js';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import type { Settled } from '../../src/lib/offline-changes.js';
import { outboxWith } from '../../src/machines/outbox.machine.js';
import { selectUserTask } from '../../src/machines/task.machine.js';
import type { QueuedChange } from '../../src/machines/task.machine.js';
import { taskFlagMachine } from '../../src/machines/task-flag.machine.js';
import type { TaskData } from '../../src/machines/task-data.js';
import {
  taskRefOf,
  taskRefsOf,
  taskRosterMachine,
  tasksOf,
  waitingIdsOf,
} from '../../src/machines/task-roster.machine.js';
import type { TaskRosterReport } from '../../src/machines/task-roster.machine.js';
import { taskSaveWith } from '../../src/machines/task-save.machine.js';
import { taskMachine } from '../../src/machines/task.machine.js';
import { userTask } from '../lib/fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

const overdue = userTask(1, { overdue: true });
const plain = userTask(2);
const fresh = userTask(3);
const data: TaskData = {
  tasks: [overdue, plain],
  categories: [{ id: 7, slug: 'fun', name: 'Fun' }],
};
const starred: QueuedChange = {
  id: plain.id,
  field: 'starred',
  change: { starred: true },
  base: { starred: false },
};

const events = [
  { type: 'tasks.fetched', data: { ...data, tasks: [plain, fresh] } },
  { type: 'tasks.fetched', data },
  { type: 'announcement.dismiss' },
  { type: 'task.saved', id: plain.id },
  { type: 'task.failed', message: 'There was a problem with your request: 500' },
  { type: 'task.queued', ...starred },
  { type: 'connection.online' },
  { type: 'outbox.refused', settled: { kind: 'gone', change: starred } },
  {
    type: 'outbox.tell',
    id: plain.id,
    event: { type: 'task.replayed', field: 'starred', userTask: plain },
  },
  {
    type: 'outbox.tell',
    id: 99,
    event: { type: 'task.replayed', field: 'starred', userTask: plain },
  },
];

/** Without a list above it: what it tells the list is checked below, with one. */
const alone = taskRosterMachine.provide({ actions: { report: () => {} } });

describe('taskRoster machine paths', () => {
  const paths = shortestPaths(
    alone,
    events,
    { owner: 'avalencia', data },
    {
      serializeState: (s) =>
        JSON.stringify({ ids: s.context.taskIds, announced: s.context.announcementOpen }),
    },
  );

  it('reaches the first tasks, a refetch of other tasks and the announcement dismissed', () => {
    const ids = new Set(paths.map((p) => p.state.context.taskIds.join(',')));
    expect(ids).toEqual(new Set([`${overdue.id},${plain.id}`, `${plain.id},${fresh.id}`]));
    expect(new Set(paths.map((p) => p.state.context.announcementOpen))).toEqual(
      new Set([true, false]),
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'keeps one task actor per task, in the order given, and the outbox beside them: %s',
    (_title, { state }) => {
      const c = state.context;
      expect(Object.keys(c.taskRefs).map(Number).sort()).toEqual([...c.taskIds].sort());
      expect(Object.keys(state.children).sort()).toEqual(
        ['outbox', ...c.taskIds.map((id) => `task-${id}`)].sort(),
      );
      expect(c.owner).toBe('avalencia');
    },
  );
});

/** The roster under a parent that records its reports, with fake saves and a fake outbox. */
function underList(replay: (changes: QueuedChange[]) => Promise<Settled[]>) {
  const reports: TaskRosterReport[] = [];
  const save = vi.fn(async (): Promise<UserTask> =>
    Promise.reject(new NetworkError(new Error('offline'))),
  );
  const roster = taskRosterMachine.provide({
    actors: {
      task: taskMachine.provide({
        actors: { taskFlag: taskFlagMachine.provide({ actors: { taskSave: taskSaveWith(save) } }) },
      }),
      outbox: outboxWith({ restore: async () => null, persist: () => {}, replay }),
    },
  });
  const parent = setup({
    types: { children: {} as { roster: 'roster' } },
    actors: { roster },
  }).createMachine({
    invoke: { id: 'roster', src: 'roster', input: { owner: 'avalencia', data } },
    on: { '*': { actions: ({ event }) => void reports.push(event as TaskRosterReport) } },
  });
  const actor = createActor(parent).start();
  const child = actor.getSnapshot().children.roster!;
  return { child, reports, save };
}

describe('taskRoster behaviour', () => {
  it('starts one actor per task, each with its record, and opens the announcement for an overdue task', () => {
    const { child } = underList(async () => []);
    const s = child.getSnapshot();
    expect(tasksOf(s)).toEqual([overdue, plain]);
    expect(taskRefsOf(s)).toHaveLength(2);
    expect(s.context.announcementOpen).toBe(true);
    child.send({ type: 'announcement.dismiss' });
    expect(child.getSnapshot().context.announcementOpen).toBe(false);
  });

  it('before the list is ready there are no tasks, none waiting and no actor to find', () => {
    expect(tasksOf(undefined)).toEqual([]);
    expect(waitingIdsOf(undefined)).toEqual([]);
    expect(taskRefOf(undefined, plain.id)).toBeUndefined();
  });

  it('a refetch keeps the actor of a task still there, stops the gone and starts the new', () => {
    const { child } = underList(async () => []);
    const kept = taskRefOf(child.getSnapshot(), plain.id);
    child.send({ type: 'tasks.fetched', data: { ...data, tasks: [plain, fresh] } });
    const s = child.getSnapshot();
    expect(taskRefOf(s, plain.id)).toBe(kept);
    expect(s.context.taskIds).toEqual([plain.id, fresh.id]);
    expect(Object.keys(s.children).sort()).toEqual(
      ['outbox', `task-${plain.id}`, `task-${fresh.id}`].sort(),
    );
  });

  it("a change the portal could not be reached for waits in the outbox, and the outbox's answer settles its task", async () => {
    let answer: (settled: Settled[]) => void = () => {};
    const { child, reports } = underList(() => new Promise((resolve) => (answer = resolve)));
    const task = taskRefOf(child.getSnapshot(), plain.id)!;
    task.send({ type: 'task.toggleBookmark' });
    await vi.waitFor(() => expect(waitingIdsOf(child.getSnapshot())).toEqual([plain.id]));
    child.send({ type: 'connection.online' });
    await vi.waitFor(() =>
      expect(child.getSnapshot().children.outbox?.getSnapshot().value).toBe('sending'),
    );
    const onServer = { ...plain, starred: true };
    answer([{ kind: 'sent', change: starred, userTask: onServer }]);
    await vi.waitFor(() => expect(waitingIdsOf(child.getSnapshot())).toEqual([]));
    expect(selectUserTask(task.getSnapshot()).starred).toBe(true);
    expect(reports).toEqual([]);
  });

  it('tells the list of each save, failure and change the outbox could not send', () => {
    const { child, reports } = underList(async () => []);
    const refused = { type: 'outbox.refused', settled: { kind: 'gone', change: starred } } as const;
    child.send({ type: 'task.saved', id: plain.id });
    child.send({ type: 'task.failed', message: 'Save failed: 500' });
    child.send(refused);
    expect(reports).toEqual([
      { type: 'task.saved', id: plain.id },
      { type: 'task.failed', message: 'Save failed: 500' },
      refused,
    ]);
  });
});
