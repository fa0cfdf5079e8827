/**
 * The task machine's context, events and the builders of its regions (task.machine.ts): each
 * region owns one flag of the record and the save that changes it.
 */
import type { UserTask, UserTaskPatch } from '../../contract/next-steps/task.schema.js';

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
  | { type: 'task.refreshed'; userTask: UserTask };

/** What a task tells the list it belongs to: only whether a save went through. */
export type TaskReport =
  { type: 'task.saved'; id: number } | { type: 'task.failed'; message: string };

export type Flag = keyof UserTaskPatch;
type Intent = Exclude<TaskEvent['type'], 'task.refreshed'>;

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
  to: { saved: string; unchanged: string },
  tags: string[],
) {
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
      onError: {
        target: to.unchanged,
        actions: {
          type: 'reportFailed' as const,
          params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
        },
      },
    },
  };
}

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
  value: { on: () => UserTaskPatch; off: UserTaskPatch; ids: [string, string]; tag: string },
) {
  return {
    initial: 'checking',
    states: {
      checking: { always: [{ guard, target: on }, { target: off }] },
      [off]: { on: { [intent]: turningOn, ...refreshed(field) } },
      [turningOn]: saving(value.ids[0], field, value.on, { saved: on, unchanged: off }, [
        'pending',
      ]),
      [on]: { tags: [value.tag], on: { [intent]: turningOff, ...refreshed(field) } },
      [turningOff]: saving(value.ids[1], field, () => value.off, { saved: off, unchanged: on }, [
        'pending',
        value.tag,
      ]),
    },
  };
}

/** The fields each region owns; every other field of a fresh record is taken as it comes. */
export const flags = ['completed_on', 'does_not_apply_on', 'starred', 'do_now_on'] as const;
