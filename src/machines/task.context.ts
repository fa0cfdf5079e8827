/**
 * The task machine's context, events and the builders of its regions (task.machine.ts): each
 * region owns one flag of the record and the save that changes it.
 */
import type { UserTask, UserTaskPatch } from '../../contract/next-steps/task.schema.js';
import type { QueuedChange, QueuedFlag } from '../lib/offline-changes.js';
import type { TaskSaveInput, TaskSaveOutput } from './task-save.machine.js';

export type { QueuedChange, QueuedFlag } from '../lib/offline-changes.js';

export interface TaskContext {
  userTask: UserTask;
}

/** The intents the screens send, and the list's fresh record. */
export type TaskEvent =
  | { type: 'task.toggleDone' }
  | { type: 'task.toggleBookmark' }
  /** Dismisses the task, or restores a dismissed one. */
  | { type: 'task.dismiss' }
  | { type: 'task.doNow' }
  /** The list fetched the task again: the fresh record replaces this one. */
  | { type: 'task.refreshed'; userTask: UserTask }
  /** A change kept from an earlier visit, still waiting to be sent (issue 44): shown as made. */
  | { type: 'task.queue'; change: QueuedChange['change'] }
  /** The server's record once a kept change was sent, or refused as changed elsewhere. */
  | { type: 'task.replayed'; field: QueuedFlag; userTask: UserTask };

/** What a task tells the list it belongs to: only whether a save went through. */
export type TaskReport =
  | { type: 'task.saved'; id: number }
  | { type: 'task.failed'; message: string }
  | ({ type: 'task.queued' } & QueuedChange);

export type Flag = keyof UserTaskPatch;
type Intent = 'task.toggleDone' | 'task.toggleBookmark' | 'task.dismiss' | 'task.doNow';

export const nowIso = () => new Date().toISOString();

/** The end of a save (task-save.machine.ts), as the task's transitions read it. */
type Ended = { event: { output: TaskSaveOutput } };
const output = ({ event }: Ended) => event.output;
const ended = (type: 'wasSaved' | 'wasQueued') => ({ type, params: output });
/** The change a save made: as the server answered it, or as kept to send. */
const answered = ({ event }: Ended) => ({
  change: event.output.kind === 'saved' ? event.output.change : {},
});
const toSend = ({ event }: Ended) => ({
  change: event.output.kind === 'queued' ? event.output.change : {},
});

/**
 * One pending change, saved by an invoked task-save machine: `id` names the invoke (graph tests see
 * `xstate.done.actor.<id>`); a save ends saved (to `saved`, the answer's changed field taken), queued
 * (to `queued`: issue 44, only where given; the change shown as made) or failed (to `unchanged`).
 */
export function saving(
  id: string,
  field: Flag,
  change: () => UserTaskPatch,
  to: { saved: string; unchanged: string; queued?: string },
  tags: string[],
) {
  const queued = to.queued
    ? [
        {
          guard: ended('wasQueued'),
          target: to.queued,
          actions: [
            { type: 'reportQueued' as const, params: (e: Ended) => ({ field, ...toSend(e) }) },
            { type: 'applyChange' as const, params: toSend },
          ],
        },
      ]
    : [];
  return {
    tags,
    // The fresh record, except this flag: the answer to the save in flight is newer.
    on: { 'task.refreshed': { actions: { type: 'takeRecord' as const, params: { field: null } } } },
    invoke: {
      id,
      src: 'taskSave' as const,
      input: ({ context }: { context: TaskContext }): TaskSaveInput => ({
        id: context.userTask.id,
        change: change(),
        canWait: to.queued !== undefined,
      }),
      onDone: [
        {
          guard: ended('wasSaved'),
          target: to.saved,
          actions: [{ type: 'applyChange' as const, params: answered }, 'reportSaved' as const],
        },
        ...queued,
        { target: to.unchanged, actions: { type: 'reportFailed' as const, params: output } },
      ],
    },
  };
}

/**
 * Keeps a change the server could not be reached for: the list is told first (it reads the field
 * as it was, the change's base), then the record shows the change as made.
 */
const queue = (field: Flag, change: () => UserTaskPatch) => {
  let made: UserTaskPatch = {};
  return [
    {
      type: 'reportQueued' as const,
      params: () => {
        made = change();
        return { field, change: made };
      },
    },
    { type: 'applyChange' as const, params: () => ({ change: made }) },
  ];
};

/** A settled region takes the fresh record, its own flag included, and finds its state again. */
export const refreshed = (field: Flag) => ({
  'task.refreshed': {
    target: 'checking',
    actions: { type: 'takeRecord' as const, params: { field } },
  },
});

/**
 * A flag the student turns on and off with one intent: the region in `off` asks to set it, in `on`
 * to clear it. `names` are the region's states: off, turning on, on, turning off.
 */
export function toggle(
  field: Flag,
  intent: Intent,
  guard: 'isDone' | 'isDismissed' | 'isBookmarked',
  [off, turningOn, on, turningOff]: [string, string, string, string],
  value: {
    on: () => UserTaskPatch;
    off: UserTaskPatch;
    ids: [string, string];
    tag: string;
    /** The states of a change waiting to be sent, off and on (issue 44); none: not kept offline. */
    waiting?: [string, string];
  },
) {
  const [offWaiting, onWaiting] = value.waiting ?? [];
  const restore =
    offWaiting && onWaiting
      ? {
          'task.queue': [
            { guard: { type: 'queuesOn' as const, params: { field } }, target: onWaiting },
            { guard: { type: 'queuesOff' as const, params: { field } }, target: offWaiting },
          ].map((t) => ({
            ...t,
            actions: {
              type: 'applyChange' as const,
              params: ({ event }: { event: TaskEvent }) => ({
                change: event.type === 'task.queue' ? event.change : {},
              }),
            },
          })),
        }
      : {};
  const waitingStates =
    offWaiting && onWaiting
      ? {
          [offWaiting]: waiting(field, intent, onWaiting, value.on, ['queued']),
          [onWaiting]: waiting(field, intent, offWaiting, () => value.off, ['queued', value.tag]),
        }
      : {};
  return {
    initial: 'checking',
    states: {
      checking: { always: [{ guard, target: on }, { target: off }] },
      [off]: { on: { [intent]: turningOn, ...refreshed(field), ...restore } },
      [turningOn]: saving(
        value.ids[0],
        field,
        value.on,
        { saved: on, unchanged: off, queued: onWaiting },
        ['pending'],
      ),
      [on]: { tags: [value.tag], on: { [intent]: turningOff, ...refreshed(field), ...restore } },
      ...waitingStates,
      [turningOff]: saving(
        value.ids[1],
        field,
        () => value.off,
        { saved: off, unchanged: on, queued: offWaiting },
        ['pending', value.tag],
      ),
    },
  };
}

/**
 * A change waiting to be sent (issue 44): the record shows it as made; the intent again waits for
 * the other value (the list keeps one change per field, from the field as the server had it); a
 * refetch keeps this flag; the server's record, once the change is sent or refused, settles it.
 */
function waiting(
  field: Flag,
  intent: Intent,
  other: string,
  change: () => UserTaskPatch,
  tags: string[],
) {
  return {
    tags,
    on: {
      [intent]: { target: other, actions: queue(field, change) },
      'task.refreshed': { actions: { type: 'takeRecord' as const, params: { field: null } } },
      'task.replayed': {
        guard: { type: 'replays' as const, params: { field } },
        target: 'checking',
        actions: { type: 'takeRecord' as const, params: { field } },
      },
    },
  };
}

/** The fields each region owns; every other field of a fresh record is taken as it comes. */
export const flags = ['completed_on', 'does_not_apply_on', 'starred', 'do_now_on'] as const;
