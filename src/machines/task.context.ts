/**
 * The task machine's context, events and the builders of its regions (task.machine.ts): each
 * region owns one flag of the record and the save that changes it.
 */
import type { UserTask, UserTaskPatch } from '../../contract/next-steps/task.schema.js';
import type { QueuedChange, QueuedFlag } from '../lib/offline-changes.js';

export type { QueuedChange, QueuedFlag } from '../lib/offline-changes.js';

export interface TaskContext {
  userTask: UserTask;
}

export interface SaveInput {
  id: number;
  change: UserTaskPatch;
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

export const messageOf = (error: unknown) =>
  `There was a problem with your request: ${error instanceof Error ? error.message : String(error)}`;

/**
 * One pending change: `id` names the invoke (graph tests see `xstate.done.actor.<id>`); the answer
 * moves to `saved`, a failure back to `unchanged`. Only the changed field (and the server's overdue)
 * is taken from the answer, so answers to changes of other fields never cross.
 */
export function saving(
  id: string,
  field: Flag,
  change: () => UserTaskPatch,
  to: { saved: string; unchanged: string; queued?: string },
  tags: string[],
) {
  const unreached = to.queued
    ? [
        {
          guard: 'isUnreachable' as const,
          target: to.queued,
          actions: queue(field, change),
        },
      ]
    : [];
  return {
    tags,
    // The fresh record, except this flag: the answer to the save in flight is newer.
    on: { 'task.refreshed': { actions: { type: 'takeRecord' as const, params: { field: null } } } },
    invoke: {
      id,
      src: 'saveTask' as const,
      input: ({ context }: { context: TaskContext }): SaveInput => ({
        id: context.userTask.id,
        change: change(),
      }),
      onDone: {
        target: to.saved,
        actions: [
          {
            type: 'applyAnswer' as const,
            params: ({ event }: { event: { output: UserTask } }) => ({
              field,
              answer: event.output,
            }),
          },
          'reportSaved' as const,
        ],
      },
      onError: [
        ...unreached,
        {
          target: to.unchanged,
          actions: {
            type: 'reportFailed' as const,
            params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
          },
        },
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
