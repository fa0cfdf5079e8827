/**
 * The student's coursework items in Next Steps (issue 45), a child of task-list.machine.ts started
 * once the list is ready: their LMS calendar's items as the portal keeps them, and "Mark done" (or
 * undo) of one item at a time. Like a task (next-steps.md §4), an item changes only after the
 * portal has kept the change; a change that fails leaves it as it was and says so.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Coursework } from '../../contract/coursework.schema.js';
import { provided } from './provided.js';

export interface DoneChange {
  id: string;
  done: boolean;
}

/** The student's coursework calls: the composition root's (src/next-steps.tsx), or fakes. */
export interface CourseworkEffects {
  fetch: () => Promise<Coursework>;
  setDone: (change: DoneChange) => Promise<Coursework>;
}

export interface CourseworkItemsContext {
  coursework: Coursework | null;
  /** The change on its way, or the last one that failed. */
  change: DoneChange | null;
  failed: boolean;
}

export type CourseworkItemsEvent =
  { type: 'coursework.setDone'; id: string; done: boolean } | { type: 'coursework.retry' };

export const courseworkItemsMachine = setup({
  types: {
    context: {} as CourseworkItemsContext,
    events: {} as CourseworkItemsEvent,
  },
  actors: {
    fetchCoursework: provided<Coursework>('fetchCoursework'),
    saveDone: provided<Coursework, DoneChange>('saveDone'),
  },
  actions: {
    store: assign((_, coursework: Coursework) => ({ coursework })),
  },
  guards: {
    /** Only an item the list holds, and only a real change. */
    changesAnItem: ({ context, event }) =>
      event.type === 'coursework.setDone' &&
      (context.coursework?.items.some((i) => i.id === event.id && i.done !== event.done) ?? false),
  },
}).createMachine({
  id: 'courseworkItems',
  context: { coursework: null, change: null, failed: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchCoursework',
        src: 'fetchCoursework',
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: { target: 'failed' },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'coursework.retry': { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'coursework.setDone': {
              guard: 'changesAnItem',
              target: 'saving',
              actions: assign({
                change: ({ event }) => ({ id: event.id, done: event.done }),
                failed: false,
              }),
            },
          },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            id: 'saveDone',
            src: 'saveDone',
            input: ({ context }) => context.change ?? { id: '', done: false },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'store', params: ({ event }) => event.output },
                assign({ change: null }),
              ],
            },
            onError: { target: 'idle', actions: assign({ failed: true }) },
          },
        },
      },
    },
  },
});

/** Without coursework calls (tests that need none), the student has no coursework calendar. */
const none = async (): Promise<Coursework> => ({ feed: { state: 'none' }, items: [] });

/** The machine with its calls. */
export const courseworkItemsWith = (calls: CourseworkEffects = { fetch: none, setDone: none }) =>
  courseworkItemsMachine.provide({
    actors: {
      fetchCoursework: fromPromise(() => calls.fetch()),
      saveDone: fromPromise(({ input }) => calls.setDone(input)),
    },
  });

type Snapshot = SnapshotFrom<typeof courseworkItemsMachine>;

/** The student's coursework as last kept, null until read. */
export const selectCoursework = (s: Snapshot) => s.context.coursework;
/** The item whose change is on its way, null when none is. */
export const selectSavingId = (s: Snapshot) =>
  s.hasTag('saving') ? (s.context.change?.id ?? null) : null;
/** The item whose last change failed, null when none did. */
export const selectFailedId = (s: Snapshot) =>
  s.context.failed ? (s.context.change?.id ?? null) : null;
