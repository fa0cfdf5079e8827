/**
 * The navigation guard of portal.md §2 steps 1–6: status check, /logout, fetching the user, the
 * login redirect (not when error_state > 1), `?refresh`, and back navigation while signed out. A
 * failed step sets error state 2 (§8). Step 7 (the scroll) is the router's own scroll restoration.
 * The router consults the guard before every navigation and waits for `passed`, `settled` or `left`;
 * what it learns it reports to the portal machine (types and reports: guard.context.ts).
 *
 * Signing in, whichever way the server signs people in (OpenID Connect, SAML, the demo page), is
 * `redirecting`: the page leaves, and comes back as a new page load at `next` (README.md).
 *
 * No serial round trips (issue 17): the status and the user are requested together, but the status
 * answer is still reported first (step 1). Every navigation checks the status, yet an answer less
 * than STATUS_FRESH_MS old is reused instead of asked again.
 */
import type { Status } from '../../contract/status.schema.js';
import { assign, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { UserResult } from '../api/user.js';
import { LOGOUT_URL, loginUrl } from '../lib/login.js';
import { NO_USER, fullPath } from './guard.context.js';
import type { GuardContext, GuardEvent, GuardReport } from './guard.context.js';
import { portalOf } from './report.js';
import { asksRefresh } from '../lib/refresh.js';

/** A status answer younger than this is reused by the next navigation. */
export const STATUS_FRESH_MS = 30_000;
/** A failed step ends the navigation in `failed`, remembering why (reported to the app). */
const failed = {
  target: '#guard.failed',
  actions: {
    type: 'recordFailure' as const,
    params: ({ event }: { event: { error: unknown } }) => event.error,
  },
};

export const guardMachine = setup({
  types: { context: {} as GuardContext, events: {} as GuardEvent },
  actors: {
    checkStatus: fromPromise<Status>(async () => {
      throw new Error('checkStatus is provided by the composition root');
    }),
    fetchUser: fromPromise<UserResult>(async () => {
      throw new Error('fetchUser is provided by the composition root');
    }),
    clearCache: fromPromise<unknown>(async () => {
      throw new Error('clearCache is provided by the composition root');
    }),
  },
  actions: {
    reportStatus: sendTo(portalOf, (_, status: Status): GuardReport => ({
      type: 'guard.statusChecked',
      status,
    })),
    reportUser: sendTo(portalOf, ({ context }: { context: GuardContext }): GuardReport => ({
      type: 'guard.userFetched',
      result: context.user ?? NO_USER,
    })),
    recordStatusTime: assign({ statusCheckedAt: ({ context }) => context.at }),
    recordUser: assign({ user: (_, result: UserResult) => result }),
    recordFailure: assign({
      failure: (_, error: unknown) => error,
      // After a failure the next navigation asks again.
      statusCheckedAt: null,
    }),
    reportFailure: sendTo(portalOf, ({ context }: { context: GuardContext }): GuardReport => ({
      type: 'guard.failed',
      error: context.failure,
    })),
    reportCacheFailure: sendTo(portalOf, { type: 'guard.cacheClearFailed' } satisfies GuardReport),
    requireSignIn: sendTo(portalOf, ({ context }: { context: GuardContext }): GuardReport => ({
      type: 'guard.signInRequired',
      url: loginUrl(fullPath(context.target)),
    })),
    logOut: sendTo(portalOf, { type: 'guard.loggingOut', url: LOGOUT_URL } satisfies GuardReport),
  },
  guards: {
    isLogout: ({ context }) => context.target.pathname === '/logout',
    isAuthenticated: ({ context }) => context.authenticated,
    isBackWhileSignedOut: ({ context }) => context.back && !context.authenticated,
    hasBlockingError: ({ context }) => context.errorState > 1,
    isSignedIn: ({ context }) => context.user !== null && context.user.kind !== 'signed-out',
    needsUser: ({ context }) =>
      context.target.pathname !== '/logout' && !context.back && !context.authenticated,
    isStatusFresh: ({ context }) =>
      context.statusCheckedAt !== null && context.at - context.statusCheckedAt < STATUS_FRESH_MS,
    hasRefresh: ({ context }) => asksRefresh(context.target.search),
  },
}).createMachine({
  id: 'guard',
  context: {
    target: { pathname: '/', search: '', hash: '' },
    authenticated: false,
    errorState: 0,
    back: false,
    at: 0,
    failure: null,
    statusCheckedAt: null,
    user: null,
  },
  initial: 'idle',
  on: {
    'guard.navigate': {
      target: '.checking',
      reenter: true,
      actions: assign(({ event: { type: _type, ...navigation } }) => ({
        ...navigation,
        failure: null,
        user: null,
      })),
    },
  },
  states: {
    idle: { tags: ['settled'] },
    // Steps 1 and 3 at once: the status (unless fresh) and, when it will be needed, the user.
    checking: {
      type: 'parallel',
      onDone: 'routing',
      states: {
        status: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'isStatusFresh', target: 'known' }, { target: 'checkingStatus' }],
            },
            checkingStatus: {
              tags: ['pending'],
              invoke: {
                id: 'checkStatus',
                src: 'checkStatus',
                onDone: {
                  target: 'known',
                  actions: [
                    { type: 'reportStatus', params: ({ event }) => event.output },
                    'recordStatusTime',
                  ],
                },
                onError: failed,
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
              tags: ['pending'],
              invoke: {
                id: 'fetchUser',
                src: 'fetchUser',
                onDone: {
                  target: 'known',
                  actions: { type: 'recordUser', params: ({ event }) => event.output },
                },
                onError: failed,
              },
            },
            known: { type: 'final' },
          },
        },
      },
    },
    // The status is reported by now; the user is reported only after it.
    routing: {
      always: [
        { guard: 'isLogout', target: 'leaving' },
        { guard: 'isBackWhileSignedOut', target: 'signedOut' },
        { guard: 'isAuthenticated', target: 'refreshing' },
        { guard: 'isSignedIn', target: 'refreshing', actions: 'reportUser' },
        { target: 'signedOut', actions: 'reportUser' },
      ],
    },
    signedOut: {
      always: [{ guard: 'hasBlockingError', target: 'passed' }, { target: 'redirecting' }],
    },
    refreshing: {
      always: [{ guard: 'hasRefresh', target: 'clearingCache' }, { target: 'passed' }],
    },
    clearingCache: {
      tags: ['pending'],
      invoke: {
        id: 'clearCache',
        src: 'clearCache',
        onDone: 'passed',
        onError: { target: 'passed', actions: 'reportCacheFailure' },
      },
    },
    passed: { tags: ['passed'] },
    redirecting: { tags: ['left'], entry: 'requireSignIn' },
    leaving: { tags: ['left'], entry: 'logOut' },
    failed: { tags: ['settled', 'failed'], entry: 'reportFailure' },
  },
});

type GuardSnapshot = SnapshotFrom<typeof guardMachine>;

/** The router may render: the guard let the navigation through, or failed (error screen). */
export const selectMayRender = (snapshot: GuardSnapshot) =>
  snapshot.hasTag('passed') || snapshot.hasTag('settled');
/** The browser is leaving for sign-in or sign-out: nothing more to render. */
export const selectIsLeaving = (snapshot: GuardSnapshot) => snapshot.hasTag('left');
