import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, setup, transition } from 'xstate';
import type { NextStepsUserResult } from '../../src/api/next-steps/next-steps.js';
import type { Fetched, TaskData } from '../../src/machines/task-data.js';
import { taskRefreshMachine } from '../../src/machines/task-refresh.machine.js';
import type { TaskRefreshReport } from '../../src/machines/task-refresh.machine.js';
import { isStale } from '../../src/lib/fetch-cache.js';
import { nextStepsUser, userTask } from '../lib/fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

const MIN = 60_000;
const user: Fetched<NextStepsUserResult> = { value: { kind: 'signed-out' }, at: 1 };
const signedIn: Fetched<NextStepsUserResult> = {
  value: {
    kind: 'user',
    user: nextStepsUser(),
  },
  at: 6 * MIN,
};
const provisional: Fetched<NextStepsUserResult> = { value: { kind: 'provisional' }, at: 1 };
const tasks: Fetched<TaskData> = { value: { tasks: [userTask(1)], categories: [] }, at: 6 * MIN };
const boom = new Error('503');

const events = [
  // The first load: the user, then a signed-in user's tasks; Try again after a failure.
  { type: 'xstate.done.actor.fetchUser', output: { ...signedIn, at: 0 } },
  { type: 'xstate.done.actor.fetchUser', output: user },
  { type: 'xstate.done.actor.fetchUser', output: provisional },
  { type: 'xstate.error.actor.fetchUser', error: boom },
  { type: 'xstate.done.actor.fetchTasks', output: { ...tasks, at: 0 } },
  { type: 'xstate.error.actor.fetchTasks', error: boom },
  { type: 'list.retry' },
  // Then the refetches.
  { type: 'list.refresh', at: 4 * MIN },
  { type: 'list.refresh', at: 4 * MIN, force: true },
  { type: 'list.refresh', at: 5 * MIN },
  { type: 'xstate.done.actor.refetchUser', output: user },
  { type: 'xstate.done.actor.refetchUser', output: signedIn },
  { type: 'xstate.error.actor.refetchUser', error: boom },
  { type: 'xstate.done.actor.refetchTasks', output: tasks },
  { type: 'xstate.error.actor.refetchTasks', error: boom },
];

const quiet = taskRefreshMachine.provide({
  actions: {
    report: () => {},
    reportProvisional: () => {},
    reportSignedOut: () => {},
    reportFailure: () => {},
  },
});

describe('taskRefresh machine paths', () => {
  const paths = shortestPaths(quiet, events);

  it('reaches the first load, its failure and end, idle, the user refetch and the task refetch', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(
      new Set(['loadingUser', 'loadingTasks', 'failed', 'stopped', 'idle', 'user', 'tasks']),
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'fetches the tasks only for a signed-in user, and refetches nothing before the first load: %s',
    (_title, { state }) => {
      const { userFetchedAt, tasksFetchedAt } = state.context;
      if (state.matches('loadingTasks')) expect([userFetchedAt, tasksFetchedAt]).toEqual([0, null]);
      if (!state.matches('loadingUser') && !state.matches('failed')) return;
      expect(state.can({ type: 'list.refresh', at: 10 * MIN, force: true })).toBe(false);
    },
  );

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'shows "refreshing" exactly while the tasks are refetched: %s',
    (_title, { state }) => {
      expect(state.hasTag('refreshing')).toBe(state.matches('tasks'));
    },
  );

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'after %s, a request refetches only what was fetched 5 minutes ago or longer, or forced tasks',
    (_title, { state }) => {
      const { userFetchedAt, tasksFetchedAt } = state.context;
      const latest = Math.max(userFetchedAt ?? 0, tasksFetchedAt ?? 0);
      for (const at of [latest + 4 * MIN, latest + 5 * MIN]) {
        const [asked] = transition(quiet, state, { type: 'list.refresh', at });
        const [forced] = transition(quiet, state, { type: 'list.refresh', at, force: true });
        if (!state.matches('idle')) {
          expect([asked.value, forced.value]).toEqual([state.value, state.value]);
          continue;
        }
        // The user when it is 5 minutes old (the tasks after it), else the tasks when they are or
        // when forced, else nothing.
        const user = isStale(userFetchedAt, at);
        expect(asked.value).toBe(user ? 'user' : isStale(tasksFetchedAt, at) ? 'tasks' : 'idle');
        expect(forced.value).toBe(user ? 'user' : 'tasks');
      }
    },
  );
});

/**
 * The refresh child under a parent that records its reports, once its first load is in (the user
 * and the tasks fetched at 0): its refetches call `fetchUser` and `fetchTasks`.
 */
async function underParent(
  fetchUser: () => Promise<typeof user>,
  fetchTasks: () => Promise<typeof tasks>,
) {
  const first = { user: true, tasks: true };
  const reports: TaskRefreshReport[] = [];
  const refresh = taskRefreshMachine.provide({
    actors: {
      fetchUser: fromPromise(async () =>
        first.user ? ((first.user = false), { ...signedIn, at: 0 }) : fetchUser(),
      ),
      fetchTasks: fromPromise(async () =>
        first.tasks ? ((first.tasks = false), { ...tasks, at: 0 }) : fetchTasks(),
      ),
    },
  });
  const parent = setup({
    types: { children: {} as { refresh: 'refresh' } },
    actors: { refresh },
  }).createMachine({
    invoke: { id: 'refresh', src: 'refresh' },
    on: { '*': { actions: ({ event }) => void reports.push(event as TaskRefreshReport) } },
  });
  const actor = createActor(parent).start();
  const child = actor.getSnapshot().children.refresh!;
  await vi.waitFor(() => expect(child.getSnapshot().value).toBe('idle'));
  expect(reports.map((r) => r.type)).toEqual(['user.fetched', 'tasks.fetched']);
  reports.splice(0);
  return { child, reports };
}

/** The first load alone, under a parent that records what it tells the list. */
async function firstLoadOf(fetchUser: () => Promise<Fetched<NextStepsUserResult>>) {
  const reports: TaskRefreshReport[] = [];
  const parent = createMachine({
    invoke: {
      id: 'refresh',
      src: taskRefreshMachine.provide({
        actors: { fetchUser: fromPromise(fetchUser), fetchTasks: fromPromise(async () => tasks) },
      }),
    },
    on: { '*': { actions: ({ event }) => void reports.push(event as TaskRefreshReport) } },
  });
  createActor(parent).start();
  await new Promise((r) => setTimeout(r, 0));
  // Not the child's own end (a final state tells its parent too): what it reports.
  return reports.filter((r) => !r.type.startsWith('xstate.'));
}

describe('taskRefresh first load', () => {
  it('a signed-in user is reported, then the tasks fetched after it', async () => {
    expect(await firstLoadOf(async () => signedIn)).toEqual([
      { type: 'user.fetched', answer: signedIn.value },
      { type: 'tasks.fetched', data: tasks.value, owner: 'avalencia' },
    ]);
  });

  it.each([
    ['a provisional account', provisional, 'load.provisional'],
    ['someone signed out', user, 'load.signedOut'],
  ] as const)('%s is reported and no tasks are fetched', async (_name, answer, type) => {
    expect(await firstLoadOf(async () => answer)).toEqual([{ type }]);
  });

  it('a failed call is reported to the list, which counts it, and Try again loads anew', async () => {
    let fail = true;
    const reports: TaskRefreshReport[] = [];
    const parent = setup({
      types: { children: {} as { refresh: 'refresh' } },
      actors: {
        refresh: taskRefreshMachine.provide({
          actors: {
            fetchUser: fromPromise(async () => (fail ? Promise.reject(boom) : signedIn)),
            fetchTasks: fromPromise(async () => tasks),
          },
        }),
      },
    }).createMachine({
      invoke: { id: 'refresh', src: 'refresh' },
      on: { '*': { actions: ({ event }) => void reports.push(event as TaskRefreshReport) } },
    });
    const child = createActor(parent).start().getSnapshot().children.refresh!;
    await vi.waitFor(() => expect(child.getSnapshot().value).toBe('failed'));
    expect(reports).toEqual([{ type: 'load.failed', error: boom }]);
    fail = false;
    child.send({ type: 'list.retry' });
    await vi.waitFor(() => expect(child.getSnapshot().value).toBe('idle'));
    expect(reports.map((r) => r.type)).toEqual(['load.failed', 'user.fetched', 'tasks.fetched']);
  });
});

describe('taskRefresh behaviour', () => {
  it('a user refetch refetches the tasks after it and reports both answers to the list', async () => {
    const { child, reports } = await underParent(
      async () => user,
      async () => tasks,
    );
    child.send({ type: 'list.refresh', at: 5 * MIN });
    await new Promise((r) => setTimeout(r, 0));
    expect(reports).toEqual([
      // Whoever the answer names: the list's user child keeps a signed-in user only.
      { type: 'user.fetched', answer: user.value },
      { type: 'tasks.fetched', data: tasks.value, owner: 'avalencia' },
    ]);
  });

  it('a request while a refetch runs is not taken', async () => {
    let calls = 0;
    const { child, reports } = await underParent(
      async () => user,
      async () => ((calls += 1), tasks),
    );
    child.send({ type: 'list.refresh', at: MIN, force: true });
    child.send({ type: 'list.refresh', at: MIN, force: true });
    child.send({ type: 'list.refresh', at: 5 * MIN });
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(1);
    expect(reports).toEqual([{ type: 'tasks.fetched', data: tasks.value, owner: 'avalencia' }]);
  });

  it('a failed refetch is reported to the list, which counts it', async () => {
    const { child, reports } = await underParent(
      async () => Promise.reject(boom),
      async () => tasks,
    );
    child.send({ type: 'list.refresh', at: 5 * MIN });
    await new Promise((r) => setTimeout(r, 0));
    expect(reports).toEqual([{ type: 'refresh.failed', error: boom }]);
  });

  it('fetches repeated within 5 minutes of the last ones are skipped, its own refetches counted', async () => {
    let calls = 0;
    const { child, reports } = await underParent(
      async () => ((calls += 1), signedIn),
      async () => ((calls += 1), tasks),
    );
    child.send({ type: 'list.refresh', at: 5 * MIN - 1 });
    expect(calls).toBe(0);
    child.send({ type: 'list.refresh', at: 5 * MIN });
    await new Promise((r) => setTimeout(r, 0));
    expect(reports).toHaveLength(2);
    child.send({ type: 'list.refresh', at: 6 * MIN + 5 * MIN - 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(2);
  });
});
