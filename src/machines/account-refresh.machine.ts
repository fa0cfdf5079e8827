/**
 * "Refresh" on the Account page (portal.md §7 POST clear-cache with EmergencyInfo, CurriculumInfo,
 * ContactInfo or PersonInfo): after a student updated a record in the university's own systems, the
 * portal drops its cached copies, then the matching sections load again. A
 * failure reports itself and leaves the sections as they were. Sections listen for the emitted
 * `refresh.done` event, so each reloads on its own.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';

export type AccountRefreshEvent = { type: 'refresh.start' };

/** `done`: the last refresh ended well, so its status says so (issue 57: say what happened). */
interface RefreshContext {
  failed: boolean;
  done: boolean;
}

export const accountRefreshMachine = setup({
  types: {
    context: {} as RefreshContext,
    events: {} as AccountRefreshEvent,
    emitted: {} as { type: 'refresh.done' },
  },
  actors: {
    clearCaches: fromPromise<void>(async () => {
      throw new Error('clearCaches is provided by the container');
    }),
  },
  actions: {
    reportFailure: (_, _error: unknown) => {},
  },
}).createMachine({
  id: 'accountRefresh',
  context: { failed: false, done: false },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'refresh.start': { target: 'clearing', actions: assign({ failed: false, done: false }) },
      },
    },
    clearing: {
      tags: ['pending'],
      invoke: {
        id: 'clearCaches',
        src: 'clearCaches',
        onDone: {
          target: 'idle',
          actions: [assign({ done: true }), emit({ type: 'refresh.done' as const })],
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ failed: true }),
            {
              type: 'reportFailure',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
          ],
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof accountRefreshMachine>;
export const selectRefreshing = (s: Snapshot) => s.hasTag('pending');
export const selectRefreshFailed = (s: Snapshot) => s.context.failed;
export const selectRefreshDone = (s: Snapshot) => s.context.done;
