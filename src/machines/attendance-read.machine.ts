/**
 * Marking initiation-of-attendance warnings read (portal.md §4/§5 Academics: each warning of the
 * current term can be marked read; the read is saved on the server per user, term and course).
 * Marks queue up and are saved one at a time; a warning shows as saving until its read is saved,
 * and only then goes. A failed save keeps the warning, says so, and may be tried again.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { AttendanceRead, AttendanceReadBody } from '../../contract/attendance.schema.js';

export interface AttendanceReadContext {
  /** CRNs whose read is saved: their warnings are gone. */
  read: string[];
  /** Marks waiting to be saved, the first one saving now. */
  queue: AttendanceReadBody[];
  /** CRNs whose last save failed. */
  failed: string[];
}

export type AttendanceReadEvent = { type: 'attendance.markRead' } & AttendanceReadBody;

const head = (context: AttendanceReadContext): AttendanceReadBody => {
  const next = context.queue[0];
  if (!next) throw new Error('no mark is queued');
  return next;
};

const without = (crns: readonly string[], crn: string) => crns.filter((c) => c !== crn);

export const attendanceReadMachine = setup({
  types: { context: {} as AttendanceReadContext, events: {} as AttendanceReadEvent },
  actors: {
    save: fromPromise<AttendanceRead, AttendanceReadBody>(async () => {
      throw new Error('save is provided by the container');
    }),
  },
  guards: {
    /** Neither read already nor on its way. */
    isUnmarked: ({ context }, crn: string) =>
      !context.read.includes(crn) && !context.queue.some((m) => m.crn === crn),
    hasQueue: ({ context }) => context.queue.length > 0,
  },
  actions: {
    enqueue: assign(({ context }, mark: AttendanceReadBody) => ({
      queue: [...context.queue, mark],
      failed: without(context.failed, mark.crn),
    })),
    saved: assign(({ context }) => ({
      read: [...context.read, head(context).crn],
      queue: context.queue.slice(1),
    })),
    failed: assign(({ context }) => ({
      failed: [...context.failed, head(context).crn],
      queue: context.queue.slice(1),
    })),
  },
}).createMachine({
  id: 'attendanceRead',
  context: { read: [], queue: [], failed: [] },
  initial: 'idle',
  on: {
    'attendance.markRead': {
      guard: { type: 'isUnmarked', params: ({ event }) => event.crn },
      actions: {
        type: 'enqueue',
        params: ({ event }) => ({ term: event.term, crn: event.crn }),
      },
    },
  },
  states: {
    idle: {
      always: { guard: 'hasQueue', target: 'saving' },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => head(context),
        onDone: { target: 'idle', actions: 'saved' },
        onError: { target: 'idle', actions: 'failed' },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof attendanceReadMachine>;

/** The CRNs whose warnings are gone: their read is saved. */
export const selectReadCrns = (s: Snapshot): readonly string[] => s.context.read;

/** The CRNs whose read is on its way: their buttons say "Saving…" and cannot be pressed. */
export const selectSavingCrns = (s: Snapshot): readonly string[] =>
  s.context.queue.map((m) => m.crn);

/** The CRNs whose last save failed. */
export const selectFailedCrns = (s: Snapshot): readonly string[] => s.context.failed;
