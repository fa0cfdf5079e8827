import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import type { NextStepsUserResult } from '../../src/api/next-steps/next-steps.js';
import type { Fetched, TaskData } from '../../src/machines/task-list.context.js';
import { taskLoadMachine } from '../../src/machines/task-load.machine.js';
import type { TaskLoadReport } from '../../src/machines/task-load.machine.js';
import { userTask } from '../lib/fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

const signedIn: Fetched<NextStepsUserResult> = {
  value: {
    kind: 'user',
    user: {
      id: 1,
      username: 'avalencia',
      first_name: 'Ana',
      auth_token: 'token-token-token-token',
      has_provisional_account: false,
      is_new_student: false,
      has_checklist: true,
      user_message: [],
      language: null,
    },
  },
  at: 1,
};
const signedOut: Fetched<NextStepsUserResult> = { value: { kind: 'signed-out' }, at: 1 };
const provisional: Fetched<NextStepsUserResult> = { value: { kind: 'provisional' }, at: 1 };
const tasks: Fetched<TaskData> = { value: { tasks: [userTask(1)], categories: [] }, at: 2 };
const boom = new Error('503');

const events = [
  { type: 'xstate.done.actor.fetchUser', output: signedIn },
  { type: 'xstate.done.actor.fetchUser', output: signedOut },
  { type: 'xstate.done.actor.fetchUser', output: provisional },
  { type: 'xstate.error.actor.fetchUser', error: boom },
  { type: 'xstate.done.actor.fetchTasks', output: tasks },
  { type: 'xstate.error.actor.fetchTasks', error: boom },
];

const quiet = taskLoadMachine.provide({
  actions: {
    reportUser: () => {},
    reportTasks: () => {},
    reportProvisional: () => {},
    reportSignedOut: () => {},
    reportFailure: () => {},
  },
});

describe('taskLoad machine paths', () => {
  const paths = shortestPaths(quiet, events);

  it('reaches the user fetch, the task fetch and its end', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['user', 'tasks', 'done']));
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'fetches the tasks only for a signed-in user, and ends after one answer or failure: %s',
    (_title, { state, steps }) => {
      const answers = steps.flatMap((s) => (s.event.type === 'xstate.init' ? [] : [s.event]));
      const user = answers[0];
      if (!state.matches('user')) expect(user?.type).toMatch(/\.fetchUser$/);
      if (state.matches('tasks')) expect(user).toEqual(events[0]);
      expect(state.status).toBe(state.matches('done') ? 'done' : 'active');
      expect(answers.length).toBeLessThanOrEqual(2);
    },
  );
});

/** The first load under a parent that records its reports, as the list takes them. */
async function reportsOf(fetchUser: () => Promise<Fetched<NextStepsUserResult>>) {
  const reports: TaskLoadReport[] = [];
  const parent = createMachine({
    invoke: {
      id: 'load',
      src: taskLoadMachine.provide({
        actors: { fetchUser: fromPromise(fetchUser), fetchTasks: fromPromise(async () => tasks) },
      }),
    },
    on: {
      'load.*': {
        actions: ({ event }) => {
          reports.push(event as TaskLoadReport);
        },
      },
    },
  });
  createActor(parent).start();
  await new Promise((r) => setTimeout(r, 0));
  return reports;
}

describe('taskLoad behaviour', () => {
  it('a signed-in user is reported, then the tasks fetched after it', async () => {
    expect(await reportsOf(async () => signedIn)).toEqual([
      { type: 'load.user', output: signedIn },
      { type: 'load.tasks', output: tasks },
    ]);
  });

  it.each([
    ['a provisional account', provisional, 'load.provisional'],
    ['someone signed out', signedOut, 'load.signedOut'],
  ] as const)('%s is reported and no tasks are fetched', async (_name, answer, type) => {
    expect(await reportsOf(async () => answer)).toEqual([{ type }]);
  });

  it('a failed call is reported to the list, which counts it', async () => {
    expect(await reportsOf(async () => Promise.reject(boom))).toEqual([
      { type: 'load.failed', error: boom },
    ]);
  });
});
