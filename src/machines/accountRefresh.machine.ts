/**
 * "Refresh" on the Account page (portal.md §7 POST clear-cache with EmergencyInfo, CurriculumInfo,
 * ContactInfo or PersonInfo): after a student updated a record in the university's own systems, the
 * portal drops its cached copies, then `reportRefreshed` makes the matching sections load again. A
 * failure reports itself and leaves the sections as they were.
 */
import { assign, fromPromise, setup } from 'xstate';

export type AccountRefreshEvent = { type: 'refresh.start' };

export const accountRefreshMachine = setup({
  types: { context: {} as { failed: boolean }, events: {} as AccountRefreshEvent },
  actors: {
    clearCaches: fromPromise<unknown>(async () => {
      throw new Error('clearCaches is provided by the container');
    }),
  },
  actions: {
    reportRefreshed: () => {},
    reportFailure: (_, _error: unknown) => {},
  },
}).createMachine({
  id: 'accountRefresh',
  context: { failed: false },
  initial: 'idle',
  states: {
    idle: { on: { 'refresh.start': { target: 'clearing', actions: assign({ failed: false }) } } },
    clearing: {
      tags: ['pending'],
      invoke: {
        id: 'clearCaches',
        src: 'clearCaches',
        onDone: { target: 'idle', actions: 'reportRefreshed' },
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

type Snapshot = { context: { failed: boolean }; hasTag: (tag: string) => boolean };
export const selectRefreshing = (s: Snapshot) => s.hasTag('pending');
export const selectRefreshFailed = (s: Snapshot) => s.context.failed;
