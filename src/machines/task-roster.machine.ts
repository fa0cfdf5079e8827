/**
 * The Next Steps list's tasks (next-steps.md §2, §4 Task states; issue 44), a child of
 * task-list.machine.ts invoked as `roster` once the list is ready, from its first load's tasks: the
 * order of the tasks, one task actor each (kept by id across refetches; each actor owns its task's
 * record), the categories and the overdue announcement (open when the list opens with an overdue
 * task, until dismissed). It invokes `outbox.machine.ts` for the signed-in person and routes between
 * the two: a change the portal could not be reached for goes from its task to the outbox, and the
 * outbox's word for a task (its change shown as waiting, or settled) goes to that task's actor. The
 * list passes it each refetch and the browser's return online; it tells the list each save, failure
 * and change the outbox could not send.
 */
import { assign, enqueueActions, sendParent, sendTo, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Category } from '../../contract/next-steps/choices.schema.js';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import { overdueTasks } from '../lib/task-list-rules.js';
import type { OutboxEffects } from '../lib/offline-changes.js';
import { outboxMachine, outboxWith, type OutboxReport } from './outbox.machine.js';
import { selectIsWaiting, selectUserTask, taskMachine } from './task.machine.js';
import type { SaveInput, TaskReport } from './task.machine.js';
import { taskFlagMachine } from './task-flag.machine.js';
import { taskSaveWith } from './task-save.machine.js';
import type { TaskData } from './task-data.js';

type TaskRef = ActorRefFrom<typeof taskMachine>;

interface TaskRosterContext {
  /** The signed-in person, whose changes the outbox keeps. */
  owner: string;
  /** The user tasks in the server's order, by id: each record lives in its task actor only. */
  taskIds: number[];
  /** One task actor per user task, by user task id: the owner of that task's record. */
  taskRefs: Record<number, TaskRef>;
  categories: Category[];
  announcementOpen: boolean;
}

/** The first load's tasks, and whose changes the outbox keeps. */
type TaskRosterInput = { owner: string; data: TaskData };

type TaskRosterEvent =
  /** A refetch's tasks, passed on by the list as its refresh child told it. */
  | { type: 'tasks.fetched'; data: TaskData }
  | { type: 'announcement.dismiss' }
  /** The browser is online again: changes kept offline are sent (issue 44). */
  | { type: 'connection.online' }
  | TaskReport
  | OutboxReport;

/** What the roster tells the list: a task's save or failure, a change the outbox did not send. */
export type TaskRosterReport =
  Exclude<TaskReport, { type: 'task.queued' }> | Extract<OutboxReport, { type: 'outbox.refused' }>;

export const taskRosterMachine = setup({
  types: {
    context: {} as TaskRosterContext,
    input: {} as TaskRosterInput,
    events: {} as TaskRosterEvent,
    children: {} as { outbox: 'outbox' },
  },
  actors: { task: taskMachine, outbox: outboxMachine },
  actions: {
    /**
     * The order and the actors; each record goes to its actor. A task still there keeps its actor
     * (a save in flight goes on), told the fresh record; new tasks get one, gone ones are stopped.
     */
    storeTasks: enqueueActions(({ context, enqueue }, { tasks, categories }: TaskData) => {
      const ids = new Set(tasks.map((t) => t.id));
      for (const [id, ref] of Object.entries(context.taskRefs)) {
        if (!ids.has(Number(id))) enqueue.stopChild(ref);
      }
      for (const t of tasks) {
        const ref = context.taskRefs[t.id];
        if (ref) enqueue.sendTo(ref, { type: 'task.refreshed', userTask: t });
      }
      enqueue.assign(({ spawn }) => ({
        taskIds: tasks.map((t) => t.id),
        categories,
        taskRefs: Object.fromEntries(
          tasks.map((t): [number, TaskRef] => [
            t.id,
            context.taskRefs[t.id] ?? spawn('task', { id: `task-${t.id}`, input: { userTask: t } }),
          ]),
        ),
      }));
    }),
    /** Told to the list as it came. */
    report: sendParent(({ event }) => event as TaskRosterReport),
  },
  guards: {
    holdsTask: ({ context, event }) => event.type === 'outbox.tell' && event.id in context.taskRefs,
  },
}).createMachine({
  id: 'taskRoster',
  context: ({ input: { owner, data }, spawn }) => ({
    owner,
    taskIds: data.tasks.map((t) => t.id),
    taskRefs: Object.fromEntries(
      data.tasks.map((t): [number, TaskRef] => [
        t.id,
        spawn('task', { id: `task-${t.id}`, input: { userTask: t } }),
      ]),
    ),
    categories: data.categories,
    announcementOpen: overdueTasks(data.tasks).length > 0,
  }),
  invoke: { id: 'outbox', src: 'outbox', input: ({ context }) => ({ owner: context.owner }) },
  on: {
    'tasks.fetched': { actions: { type: 'storeTasks', params: ({ event }) => event.data } },
    'announcement.dismiss': { actions: assign({ announcementOpen: false }) },
    'task.saved': { actions: 'report' },
    'task.failed': { actions: 'report' },
    'outbox.refused': { actions: 'report' },
    'task.queued': {
      actions: sendTo('outbox', ({ event: { type: _, ...change } }) => ({
        type: 'outbox.add' as const,
        change,
      })),
    },
    'connection.online': { actions: sendTo('outbox', { type: 'outbox.online' }) },
    // The outbox's word for a task goes to the task's actor, when the list still holds it.
    'outbox.tell': {
      guard: 'holdsTask',
      actions: enqueueActions(({ context, event, enqueue }) => {
        const task = context.taskRefs[event.id];
        if (task) enqueue.sendTo(task, event.event);
      }),
    },
  },
});

/** The tasks' saves and the outbox's keeping and sending: the composition root's, or fakes. */
export interface TaskRosterEffects {
  saveTask: (input: SaveInput) => Promise<UserTask>;
  /** Where changes made offline are kept, and how they are sent (issue 44). */
  outbox?: OutboxEffects;
}

/** The roster with its effects: each task's flags save through them, the outbox keeps and sends. */
export const taskRosterWith = (effects: TaskRosterEffects) => {
  const taskSave = taskSaveWith(effects.saveTask);
  const taskFlag = taskFlagMachine.provide({ actors: { taskSave } });
  return taskRosterMachine.provide({
    actors: {
      task: taskMachine.provide({ actors: { taskFlag } }),
      outbox: outboxWith(effects.outbox),
    },
  });
};

type Snapshot = SnapshotFrom<typeof taskRosterMachine> | undefined;

/** The task actors in the server's order (none before the list is ready). */
export const taskRefsOf = (s: Snapshot): TaskRef[] =>
  s ? s.context.taskIds.flatMap((id) => s.context.taskRefs[id] ?? []) : [];
/** The task records, each read from the snapshot of the actor that owns it. */
export const tasksOf = (s: Snapshot): UserTask[] =>
  taskRefsOf(s).map((ref) => selectUserTask(ref.getSnapshot()));
/** The tasks with a change made offline waiting to be sent (issue 44). */
export const waitingIdsOf = (s: Snapshot): number[] =>
  s ? s.context.taskIds.filter((id) => selectIsWaiting(s.context.taskRefs[id]?.getSnapshot())) : [];
/** The actor of one task, when the list holds it. */
export const taskRefOf = (s: Snapshot, id: number): TaskRef | undefined => s?.context.taskRefs[id];
