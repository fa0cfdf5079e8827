/**
 * The task list with its effects: the list's first load and its refresh child make the same two
 * fetches; each task actor saves, the system-message child acknowledges. The composition root
 * (src/next-steps.tsx) passes the real calls, tests pass fakes.
 */
import { fromPromise } from 'xstate';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import type { NextStepsUserResult } from '../api/next-steps/next-steps.js';
import { systemMessageMachine } from './systemMessage.machine.js';
import { taskMachine } from './task.machine.js';
import type { SaveInput } from './task.machine.js';
import type { Fetched, TaskData } from './taskList.context.js';
import { taskListMachine } from './taskList.machine.js';
import { taskRefreshMachine } from './taskRefresh.machine.js';

export interface TaskListEffects {
  fetchUser: () => Promise<Fetched<NextStepsUserResult>>;
  fetchTasks: () => Promise<Fetched<TaskData>>;
  saveTask: (input: SaveInput) => Promise<UserTask>;
  acknowledgeMessage: (id: number) => Promise<unknown>;
}

export function taskListWith(effects: TaskListEffects) {
  const fetchUser = fromPromise<Fetched<NextStepsUserResult>, void>(() => effects.fetchUser());
  const fetchTasks = fromPromise<Fetched<TaskData>, void>(() => effects.fetchTasks());
  return taskListMachine.provide({
    actors: {
      fetchUser,
      fetchTasks,
      task: taskMachine.provide({
        actors: { saveTask: fromPromise(({ input }) => effects.saveTask(input)) },
      }),
      refresh: taskRefreshMachine.provide({ actors: { fetchUser, fetchTasks } }),
      systemMessage: systemMessageMachine.provide({
        actors: {
          acknowledgeMessage: fromPromise(({ input }) => effects.acknowledgeMessage(input.id)),
        },
      }),
    },
  });
}
