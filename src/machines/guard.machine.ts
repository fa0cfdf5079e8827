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
 * Steps 1 and 3 are guard-reads.machine.ts, invoked for each navigation: the status (reported to
 * the portal first) and the user, requested together. The guard keeps when the status was read.
 */
import { assign, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { UserResult } from '../api/user.js';
import { LOGOUT_URL, loginUrl } from '../lib/login.js';
import { NO_USER, fullPath } from './guard.context.js';
import type { GuardContext, GuardEvent, GuardReport } from './guard.context.js';
import { guardReadsMachine } from './guard-reads.machine.js';
import { portalOf } from './report.js';
import { asksRefresh } from '../lib/refresh.js';

export const guardMachine = setup({
  types: { context: {} as GuardContext, events: {} as GuardEvent },
  actors: {
    reads: guardReadsMachine,
    clearCache: fromPromise<unknown>(async () => {
      throw new Error('clearCache is provided by the composition root');
    }),
  },
  actions: {
    reportUser: sendTo(portalOf, ({ context }: { context: GuardContext }): GuardReport => ({
      type: 'guard.userFetched',
      result: context.user ?? NO_USER,
    })),
    recordStatusTime: assign({ statusCheckedAt: ({ context }) => context.at }),
    recordUser: assign({ user: (_, result: UserResult | null) => result }),
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
      tags: ['pending'],
      invoke: {
        id: 'reads',
        src: 'reads',
        input: ({ context }) => context,
        onDone: {
          target: 'routing',
          actions: { type: 'recordUser', params: ({ event }) => event.output },
        },
        // A failed read ends the navigation in `failed`, remembering why (reported to the app).
        onError: {
          target: 'failed',
          actions: {
            type: 'recordFailure',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
      on: { 'guard.statusRead': { actions: 'recordStatusTime' } },
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
