/**
 * One flag of a task (next-steps.md §4 Task states; issue 44), a child of task.machine.ts, which
 * invokes one per flag: done (`completion`), dismissed (`applicability`), bookmarked (`bookmark`)
 * and do now (`doNow`). It holds the flag's value and the change under way. The intent
 * (`flag.toggle`) asks to turn the flag on, or off where it can be cleared; the change is pending
 * until its save (task-save.machine.ts, invoked as `turnOn` or `turnOff`) ends: saved, the server's
 * value is taken; failed, the value stays and the list is told; queued (done and bookmark only), the
 * change shows as made and waits to be sent, the intent again waits for the other value, and only the
 * server's record (`flag.replayed`) settles it. A refetch (`flag.refreshed`) moves a settled flag,
 * never one with a change on its way or waiting: the answer to that change is newer.
 */
import { assign, sendParent, setup } from 'xstate';
import type { UserTask, UserTaskPatch } from '../../contract/next-steps/task.schema.js';
import type { QueuedChange } from '../lib/offline-changes.js';
import { nowIso } from './task.context.js';
import type { Flag, FlagValue, TaskReport } from './task.context.js';
import { taskSaveMachine } from './task-save.machine.js';
import type { TaskSaveInput, TaskSaveOutput } from './task-save.machine.js';

export interface TaskFlagInput {
  /** The task's id, for its saves and its reports. */
  id: number;
  field: Flag;
  value: FlagValue;
  /** Done and bookmark wait to be sent when the portal cannot be reached (issue 44). */
  canWait: boolean;
  /** Do now is only ever set: clearing it is not part of the product. */
  clears: boolean;
}

export type TaskFlagEvent =
  | { type: 'flag.toggle' }
  /** The task's fresh record's value, or a kept change's, or the server's once a kept one settled. */
  | { type: 'flag.refreshed' | 'flag.queue' | 'flag.replayed'; value: FlagValue };

/** A save's answer for the task to take (the flag and the server's overdue). */
export type TaskFlagReport = { type: 'flag.saved'; change: Partial<UserTask> };

export const isOn = (value: FlagValue) => value !== null && value !== false;
/** The value that turns the flag on (done or dismissed now, bookmarked) or off. */
const valueOf = (field: Flag, on: boolean): FlagValue =>
  field === 'starred' ? on : on ? nowIso() : null;
const patchOf = (field: Flag, value: FlagValue) => ({ [field]: value }) as UserTaskPatch;

type Ended = { context: TaskFlagInput; event: { output: TaskSaveOutput } };
/** The end of a save (task-save.machine.ts). */
const outcome = ({ event }: Ended) => event.output;
/** The value a save could not send: kept as it was asked for. */
const sent = ({ context, event }: Ended) =>
  event.output.kind === 'queued' ? (event.output.change[context.field] as FlagValue) : null;

/**
 * Keeps a change to send: the list is told first (it reads the field as it was, the change's base),
 * then the flag shows the change as made; both read the one value made.
 */
function keep<A>(make: (args: A) => FlagValue) {
  let made: FlagValue = null;
  return [
    { type: 'reportQueued' as const, params: (args: A) => ({ value: (made = make(args)) }) },
    { type: 'showValue' as const, params: () => ({ value: made }) },
  ];
}

/** The change kept to send, and the field as it was when the change was made. */
function queued(context: TaskFlagInput, value: FlagValue): TaskReport {
  const field = context.field === 'starred' ? 'starred' : 'completed_on';
  return {
    type: 'task.queued',
    id: context.id,
    field,
    change: patchOf(field, value) as QueuedChange['change'],
    base: patchOf(field, context.value) as QueuedChange['base'],
  };
}

/** A save of the flag turned `on` or off, with where each of its ends leads. */
const save = (id: 'turnOn' | 'turnOff', on: boolean, [saved, unchanged, waiting]: string[]) => ({
  tags: on ? ['pending'] : ['pending', 'on'],
  invoke: {
    id,
    src: 'taskSave' as const,
    input: ({ context }: { context: TaskFlagInput }): TaskSaveInput => ({
      id: context.id,
      change: patchOf(context.field, valueOf(context.field, on)),
      canWait: context.canWait,
    }),
    onDone: [
      {
        guard: { type: 'wasSaved' as const, params: outcome },
        target: saved,
        actions: [
          { type: 'takeAnswer' as const, params: outcome },
          { type: 'reportSaved' as const, params: outcome },
        ],
      },
      {
        guard: { type: 'wasQueued' as const, params: outcome },
        target: waiting,
        actions: keep(sent),
      },
      { target: unchanged, actions: { type: 'reportFailed' as const, params: outcome } },
    ],
  },
});

/** A change waiting to be sent: the intent again waits for the other value instead. */
const waiting = (on: boolean, other: string) => ({
  tags: on ? ['queued', 'on'] : ['queued'],
  on: {
    'flag.toggle': {
      target: other,
      actions: keep(({ context }: { context: TaskFlagInput }) => valueOf(context.field, !on)),
    },
    'flag.replayed': { target: 'checking', actions: 'takeValue' as const },
  },
});

/** A settled flag: the intent asks for the change, a refetch or a kept change moves it. */
const settled = (intent: object) => ({
  on: {
    ...intent,
    'flag.refreshed': { target: 'checking', actions: 'takeValue' as const },
    'flag.queue': [
      { guard: 'queuesOn' as const, target: 'onWaiting', actions: 'takeValue' as const },
      { guard: 'queuesOff' as const, target: 'offWaiting', actions: 'takeValue' as const },
    ],
  },
});

export const taskFlagMachine = setup({
  types: {
    context: {} as TaskFlagInput,
    input: {} as TaskFlagInput,
    events: {} as TaskFlagEvent,
  },
  actors: { taskSave: taskSaveMachine },
  actions: {
    takeValue: assign(({ event }) => ('value' in event ? { value: event.value } : {})),
    /** Saved: the server's value, and its answer for the task (its overdue included). */
    takeAnswer: assign(({ context }, output: TaskSaveOutput) => ({
      value: output.kind === 'saved' ? (output.change[context.field] as FlagValue) : context.value,
    })),
    reportSaved: sendParent((_, output: TaskSaveOutput): TaskFlagReport => ({
      type: 'flag.saved',
      change: output.kind === 'saved' ? output.change : {},
    })),
    /** The list keeps the change to send (told first: it reads the field as it was), then shown. */
    /** Tells the list of a change to keep and send (issue 44), from the field as it was. */
    reportQueued: sendParent(({ context }, { value }: { value: FlagValue }) =>
      queued(context, value),
    ),
    showValue: assign((_, { value }: { value: FlagValue }) => ({ value })),
    reportFailed: sendParent((_, output: TaskSaveOutput): TaskReport => ({
      type: 'task.failed',
      message: output.kind === 'failed' ? output.message : '',
    })),
  },
  guards: {
    isSet: ({ context }) => isOn(context.value),
    canClear: ({ context }) => context.clears,
    wasSaved: (_, output: TaskSaveOutput) => output.kind === 'saved',
    wasQueued: (_, output: TaskSaveOutput) => output.kind === 'queued',
    queuesOn: ({ context, event }) => context.canWait && 'value' in event && isOn(event.value),
    queuesOff: ({ context, event }) => context.canWait && 'value' in event && !isOn(event.value),
  },
}).createMachine({
  id: 'taskFlag',
  context: ({ input }) => input,
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'isSet', target: 'on' }, { target: 'off' }] },
    off: settled({ 'flag.toggle': 'turningOn' }),
    turningOn: save('turnOn', true, ['on', 'off', 'onWaiting']),
    on: {
      tags: ['on'],
      ...settled({ 'flag.toggle': { guard: 'canClear' as const, target: 'turningOff' } }),
    },
    turningOff: save('turnOff', false, ['off', 'on', 'offWaiting']),
    offWaiting: waiting(false, 'onWaiting'),
    onWaiting: waiting(true, 'offWaiting'),
  },
});
