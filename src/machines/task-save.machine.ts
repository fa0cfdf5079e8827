/**
 * One save of a task's flag (next-steps.md §4 Task states; issue 44), a child of
 * task-flag.machine.ts, which invokes it as `turnOn` or `turnOff`. It sends the change once and
 * ends with what became of it: `saved` with the server's answer; `queued` when the portal could not
 * be reached and the change may wait to be sent (done and bookmark only); or `failed` with the
 * sentence the list shows. The flag decides its state from that outcome.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { UserTask, UserTaskPatch } from '../../contract/next-steps/task.schema.js';
import { isOutage } from '../api/errors.js';
import { flags } from './task.context.js';

export interface SaveInput {
  id: number;
  change: UserTaskPatch;
}

export interface TaskSaveInput extends SaveInput {
  /** A change the portal cannot be reached for may wait to be sent (done and bookmark). */
  canWait: boolean;
}

/** What became of the change: the task's next state follows from it. */
export type TaskSaveOutput =
  /** The changed field and the server's overdue, as the server answered. */
  | { kind: 'saved'; change: Partial<UserTask> }
  | { kind: 'queued'; change: UserTaskPatch }
  | { kind: 'failed'; message: string };

interface TaskSaveContext extends TaskSaveInput {
  outcome: TaskSaveOutput | null;
}

/**
 * Only the changed field (and the server's overdue) is taken from the answer, so answers to changes
 * of other fields never cross.
 */
function answered(change: UserTaskPatch, answer: UserTask): Partial<UserTask> {
  const kept: Partial<UserTask> = { overdue: answer.overdue };
  for (const flag of flags) if (flag in change) Object.assign(kept, { [flag]: answer[flag] });
  return kept;
}

/** The failure's detail for the list's log (list-errors.machine.ts), never shown to the person. */
const messageOf = (error: unknown) =>
  // eslint-disable-next-line i18n/no-literal-text -- the console's detail, never shown
  `There was a problem with your request: ${error instanceof Error ? error.message : String(error)}`;

export const taskSaveMachine = setup({
  types: {
    context: {} as TaskSaveContext,
    input: {} as TaskSaveInput,
    output: {} as TaskSaveOutput,
  },
  actors: {
    saveTask: fromPromise<UserTask, SaveInput>(async () => {
      throw new Error('saveTask is provided by the composition root');
    }),
  },
  actions: {
    keepAnswer: assign(({ context }, answer: UserTask) => ({
      outcome: { kind: 'saved' as const, change: answered(context.change, answer) },
    })),
    keepToSend: assign(({ context }) => ({
      outcome: { kind: 'queued' as const, change: context.change },
    })),
    keepFailure: assign((_, error: unknown) => ({
      outcome: { kind: 'failed' as const, message: messageOf(error) },
    })),
  },
  guards: {
    /** The network or the portal could not be reached (not a refusal), and the change can wait. */
    mayWait: ({ context, event }) => context.canWait && 'error' in event && isOutage(event.error),
  },
}).createMachine({
  id: 'taskSave',
  context: ({ input }) => ({ ...input, outcome: null }),
  initial: 'sending',
  states: {
    sending: {
      tags: ['pending'],
      invoke: {
        id: 'saveTask',
        src: 'saveTask',
        input: ({ context }): SaveInput => ({ id: context.id, change: context.change }),
        onDone: {
          target: 'saved',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: [
          { guard: 'mayWait', target: 'queued', actions: 'keepToSend' },
          {
            target: 'failed',
            actions: {
              type: 'keepFailure',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
          },
        ],
      },
    },
    saved: { type: 'final' },
    queued: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) => {
    if (!context.outcome) throw new Error('A save ends only with its outcome');
    return context.outcome;
  },
});

/** The save with its call: the composition root's (src/next-steps.tsx), or a test's fake. */
export const taskSaveWith = (save: (input: SaveInput) => Promise<UserTask>) =>
  taskSaveMachine.provide({ actors: { saveTask: fromPromise(({ input }) => save(input)) } });
