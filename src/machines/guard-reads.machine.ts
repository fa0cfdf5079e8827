/**
 * The navigation guard's two reads (portal.md §2 steps 1 and 3), invoked by guard.machine.ts for
 * each navigation in its `checking` state (id `reads`), with the guard's context as its input: the
 * status, unless an answer less than STATUS_FRESH_MS old is reused, and, when the navigation needs
 * it, the user. No serial round trips (issue 17): both are requested together. The status answer is
 * reported to the portal at once, and the guard told (`guard.statusRead`: it keeps the time); the
 * user is the output, which the guard reports only after the status (step 1 before step 3).
 * A failed read fails the reads (the other one stops), and so the guard: its error is the guard's.
 */
import type { Status } from '../../contract/status.schema.js';
import { assign, fromPromise, sendParent, sendTo, setup } from 'xstate';
import type { UserResult } from '../api/user.js';
import type { GuardContext, GuardEvent, GuardReport } from './guard.context.js';
import { portalOf } from './report.js';

/** A status answer younger than this is reused by the next navigation. */
export const STATUS_FRESH_MS = 30_000;

export const guardReadsMachine = setup({
  types: {
    input: {} as GuardContext,
    context: {} as GuardContext,
    output: {} as UserResult | null,
  },
  actors: {
    checkStatus: fromPromise<Status>(async () => {
      throw new Error('checkStatus is provided by the composition root');
    }),
    fetchUser: fromPromise<UserResult>(async () => {
      throw new Error('fetchUser is provided by the composition root');
    }),
  },
  actions: {
    reportStatus: sendTo(portalOf, (_, status: Status): GuardReport => ({
      type: 'guard.statusChecked',
      status,
    })),
    tellGuard: sendParent({ type: 'guard.statusRead' } satisfies GuardEvent),
    recordUser: assign({ user: (_, result: UserResult) => result }),
  },
  guards: {
    isStatusFresh: ({ context }) =>
      context.statusCheckedAt !== null && context.at - context.statusCheckedAt < STATUS_FRESH_MS,
    needsUser: ({ context }) =>
      context.target.pathname !== '/logout' && !context.back && !context.authenticated,
  },
}).createMachine({
  id: 'guardReads',
  context: ({ input }) => input,
  type: 'parallel',
  output: ({ context }) => context.user,
  states: {
    status: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'isStatusFresh', target: 'known' }, { target: 'checkingStatus' }],
        },
        checkingStatus: {
          invoke: {
            id: 'checkStatus',
            src: 'checkStatus',
            onDone: {
              target: 'known',
              actions: [{ type: 'reportStatus', params: ({ event }) => event.output }, 'tellGuard'],
            },
          },
        },
        known: { type: 'final' },
      },
    },
    user: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'needsUser', target: 'fetchingUser' }, { target: 'known' }],
        },
        fetchingUser: {
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            onDone: {
              target: 'known',
              actions: { type: 'recordUser', params: ({ event }) => event.output },
            },
          },
        },
        known: { type: 'final' },
      },
    },
  },
});
