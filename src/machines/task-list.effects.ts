/**
 * The task list with its effects: the list's first load and its refresh child make the same two
 * fetches; each task's flags save through their save children, the system-message child
 * acknowledges. The composition root (src/next-steps.tsx) passes the real calls, tests pass fakes.
 */
import { fromPromise } from 'xstate';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import type { NextStepsUserResult } from '../api/next-steps/next-steps.js';
import type { Coursework } from '../../contract/coursework.schema.js';
import { courseworkItemsMachine, type DoneChange } from './coursework-items.machine.js';
import { outboxMachine, type Settled, type StoredOutbox } from './outbox.machine.js';
import { systemMessageMachine } from './system-message.machine.js';
import { taskMachine, type QueuedChange, type SaveInput } from './task.machine.js';
import { taskFlagMachine } from './task-flag.machine.js';
import { taskSaveMachine } from './task-save.machine.js';
import type { Fetched, TaskData } from './task-list.context.js';
import { taskListMachine } from './task-list.machine.js';
import { taskRefreshMachine } from './task-refresh.machine.js';

export interface TaskListEffects {
  fetchUser: () => Promise<Fetched<NextStepsUserResult>>;
  fetchTasks: () => Promise<Fetched<TaskData>>;
  saveTask: (input: SaveInput) => Promise<UserTask>;
  acknowledgeMessage: (id: number) => Promise<unknown>;
  /** Where changes made offline are kept between visits, and how they are sent (issue 44). */
  outbox?: OutboxEffects;
  /** The student's coursework items and their Mark done (issue 45). */
  coursework?: CourseworkEffects;
}

export interface CourseworkEffects {
  fetch: () => Promise<Coursework>;
  setDone: (change: DoneChange) => Promise<Coursework>;
}

/** Without coursework calls (tests that need none), the student has no coursework calendar. */
const noCoursework: CourseworkEffects = {
  fetch: async () => ({ feed: { state: 'none' }, items: [] }),
  setDone: async () => ({ feed: { state: 'none' }, items: [] }),
};

export interface OutboxEffects {
  restore: () => Promise<StoredOutbox | null>;
  persist: (stored: StoredOutbox) => void;
  /** Sends the changes in order; those not settled (the portal still unreachable) stay. */
  replay: (changes: QueuedChange[]) => Promise<Settled[]>;
}

/** Without a place to keep them (tests that need none), nothing is kept and nothing sent. */
const keepNothing: OutboxEffects = {
  restore: async () => null,
  persist: () => {},
  replay: async () => [],
};

export function taskListWith(effects: TaskListEffects) {
  const fetchUser = fromPromise<Fetched<NextStepsUserResult>, void>(() => effects.fetchUser());
  const fetchTasks = fromPromise<Fetched<TaskData>, void>(() => effects.fetchTasks());
  const saveTask = fromPromise<UserTask, SaveInput>(({ input }) => effects.saveTask(input));
  const taskSave = taskSaveMachine.provide({ actors: { saveTask } });
  const taskFlag = taskFlagMachine.provide({ actors: { taskSave } });
  const outbox = effects.outbox ?? keepNothing;
  const coursework = effects.coursework ?? noCoursework;
  return taskListMachine.provide({
    actors: {
      fetchUser,
      fetchTasks,
      task: taskMachine.provide({ actors: { taskFlag } }),
      outbox: outboxMachine.provide({
        actors: {
          restore: fromPromise(() => outbox.restore()),
          replay: fromPromise(({ input }) => outbox.replay(input)),
        },
        actions: { persist: (_, stored) => outbox.persist(stored) },
      }),
      coursework: courseworkItemsMachine.provide({
        actors: {
          fetchCoursework: fromPromise(() => coursework.fetch()),
          saveDone: fromPromise(({ input }) => coursework.setDone(input)),
        },
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
