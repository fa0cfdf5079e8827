import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import type { NextStepsUserResult } from '../../src/api/next-steps/next-steps.js';
import type { Fetched, TaskData } from '../../src/machines/task-list.context.js';
import { taskRefreshMachine } from '../../src/machines/task-refresh.machine.js';
import type { TaskRefreshReport } from '../../src/machines/task-refresh.machine.js';
import { userTask } from '../lib/fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

const user: Fetched<NextStepsUserResult> = { value: { kind: 'signed-out' }, at: 1 };
const tasks: Fetched<TaskData> = { value: { tasks: [userTask(1)], categories: [] }, at: 2 };
const boom = new Error('503');

const events = [
  { type: 'refresh.user' },
  { type: 'refresh.tasks' },
  { type: 'xstate.done.actor.refetchUser', output: user },
  { type: 'xstate.error.actor.refetchUser', error: boom },
  { type: 'xstate.done.actor.refetchTasks', output: tasks },
  { type: 'xstate.error.actor.refetchTasks', error: boom },
];

const quiet = taskRefreshMachine.provide({
  actions: { reportUser: () => {}, reportTasks: () => {}, reportFailure: () => {} },
});

describe('taskRefresh machine paths', () => {
  const paths = shortestPaths(quiet, events);

  it('reaches idle, the user refetch and the task refetch', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['idle', 'user', 'tasks']));
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'shows "refreshing" exactly while the tasks are refetched: %s',
    (_title, { state }) => {
      expect(state.hasTag('refreshing')).toBe(state.matches('tasks'));
    },
  );
});

/** The refresh child under a parent that records its reports. */
function underParent(
  fetchUser: () => Promise<typeof user>,
  fetchTasks: () => Promise<typeof tasks>,
) {
  const reports: TaskRefreshReport[] = [];
  const parent = createMachine({
    invoke: {
      id: 'refresh',
      src: taskRefreshMachine.provide({
        actors: { fetchUser: fromPromise(fetchUser), fetchTasks: fromPromise(fetchTasks) },
      }),
    },
    on: { '*': { actions: ({ event }) => void reports.push(event as TaskRefreshReport) } },
  });
  const actor = createActor(parent).start();
  const child = actor.getSnapshot().children.refresh!;
  return { child, reports };
}

describe('taskRefresh behaviour', () => {
  it('a user refetch refetches the tasks after it and reports both answers to the list', async () => {
    const { child, reports } = underParent(
      async () => user,
      async () => tasks,
    );
    child.send({ type: 'refresh.user' });
    await new Promise((r) => setTimeout(r, 0));
    expect(reports).toEqual([
      { type: 'refresh.userFetched', output: user },
      { type: 'refresh.tasksFetched', output: tasks },
    ]);
  });

  it('a request while a refetch runs is not taken', async () => {
    let calls = 0;
    const { child, reports } = underParent(
      async () => user,
      async () => ((calls += 1), tasks),
    );
    child.send({ type: 'refresh.tasks' });
    child.send({ type: 'refresh.tasks' });
    child.send({ type: 'refresh.user' });
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(1);
    expect(reports).toEqual([{ type: 'refresh.tasksFetched', output: tasks }]);
  });

  it('a failed refetch is reported to the list, which counts it', async () => {
    const { child, reports } = underParent(
      async () => Promise.reject(boom),
      async () => tasks,
    );
    child.send({ type: 'refresh.user' });
    await new Promise((r) => setTimeout(r, 0));
    expect(reports).toEqual([{ type: 'refresh.failed', error: boom }]);
  });
});
