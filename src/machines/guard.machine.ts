/**
 * The navigation guard of portal.md §2, one step per state: status check, /logout, fetching the
 * user, the login redirect (not when error_state > 1), `?refresh`, back navigation while signed
 * out, and the scroll after the page renders. A failed step sets error state 2 (§8).
 * The router consults it before every navigation and waits for `passed`, `settled` or `left`.
 */
import type { Status } from '../../contract/status.schema.js';
import { assign, fromPromise, setup } from 'xstate';
import type { UserResult } from '../api/user.js';
import { LOGOUT_URL, loginUrl } from '../lib/login.js';

/** Where the navigation goes: `search` keeps its `?`, `hash` is without `#`. */
export interface GuardTarget {
  pathname: string;
  search: string;
  hash: string;
}

export interface GuardNavigation {
  target: GuardTarget;
  /** The app already holds an authenticated user. */
  authenticated: boolean;
  /** The app's error_state when the navigation starts. */
  errorState: number;
  /** The navigation goes back in history. */
  back: boolean;
  /** The scroll position saved for the target history entry, if any. */
  savedY: number | null;
}

export interface GuardContext extends GuardNavigation {
  /** The reason the last guard failed, reported to the app. */
  failure: unknown;
}

export type GuardEvent =
  ({ type: 'guard.navigate' } & GuardNavigation) | { type: 'guard.rendered' };

/** The original full path: sign-in returns here. */
export const fullPath = ({ pathname, search, hash }: GuardTarget) =>
  `${pathname}${search}${hash ? `#${hash}` : ''}`;

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
    // Reports to the app actor; the composition root wires them.
    reportUser: (_, _result: UserResult) => {},
    reportStatus: (_, _status: Status) => {},
    reportFailure: (_, _error: unknown) => {},
    reportCacheFailure: () => {},
    signOut: () => {},
    leaveForLogout: () => window.location.assign(LOGOUT_URL),
    redirectToLogin: ({ context }) => window.location.assign(loginUrl(fullPath(context.target))),
    scrollToAnchor: ({ context }) =>
      document.getElementById(decodeURIComponent(context.target.hash))?.scrollIntoView(),
    restorePosition: ({ context }) => window.scrollTo(0, context.savedY ?? 0),
    scrollToTop: () => window.scrollTo(0, 0),
  },
  guards: {
    isLogout: ({ context }) => context.target.pathname === '/logout',
    isAuthenticated: ({ context }) => context.authenticated,
    isBackWhileSignedOut: ({ context }) => context.back && !context.authenticated,
    hasBlockingError: ({ context }) => context.errorState > 1,
    isSignedIn: (_, result: UserResult) => result.kind !== 'signed-out',
    hasRefresh: ({ context }) => new URLSearchParams(context.target.search).has('refresh'),
    hasHash: ({ context }) => context.target.hash !== '',
    hasSavedPosition: ({ context }) => context.savedY !== null,
  },
}).createMachine({
  id: 'guard',
  context: {
    target: { pathname: '/', search: '', hash: '' },
    authenticated: false,
    errorState: 0,
    back: false,
    savedY: null,
    failure: null,
  },
  initial: 'idle',
  on: {
    'guard.navigate': {
      target: '.checkingStatus',
      reenter: true,
      actions: assign(({ event: { type: _type, ...navigation } }) => ({
        ...navigation,
        failure: null,
      })),
    },
  },
  states: {
    idle: { tags: ['settled'] },
    checkingStatus: {
      tags: ['pending'],
      invoke: {
        id: 'checkStatus',
        src: 'checkStatus',
        onDone: {
          target: 'routing',
          actions: { type: 'reportStatus', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => event.error }) },
      },
    },
    routing: {
      always: [
        { guard: 'isLogout', target: 'leaving' },
        { guard: 'isBackWhileSignedOut', target: 'signedOut' },
        { guard: 'isAuthenticated', target: 'refreshing' },
        { target: 'fetchingUser' },
      ],
    },
    fetchingUser: {
      tags: ['pending'],
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: [
          {
            guard: { type: 'isSignedIn', params: ({ event }) => event.output },
            target: 'refreshing',
            actions: { type: 'reportUser', params: ({ event }) => event.output },
          },
          {
            target: 'signedOut',
            actions: { type: 'reportUser', params: ({ event }) => event.output },
          },
        ],
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => event.error }) },
      },
    },
    signedOut: {
      always: [{ guard: 'hasBlockingError', target: 'awaitingRender' }, { target: 'redirecting' }],
    },
    refreshing: {
      always: [{ guard: 'hasRefresh', target: 'clearingCache' }, { target: 'awaitingRender' }],
    },
    clearingCache: {
      tags: ['pending'],
      invoke: {
        id: 'clearCache',
        src: 'clearCache',
        onDone: 'awaitingRender',
        onError: { target: 'awaitingRender', actions: 'reportCacheFailure' },
      },
    },
    awaitingRender: {
      tags: ['passed'],
      on: {
        'guard.rendered': [
          { guard: 'hasHash', target: 'scrollingToAnchor' },
          { guard: 'hasSavedPosition', target: 'idle', actions: 'restorePosition' },
          { target: 'idle', actions: 'scrollToTop' },
        ],
      },
    },
    scrollingToAnchor: {
      tags: ['passed'],
      after: { 1: { target: 'idle', actions: 'scrollToAnchor' } },
    },
    redirecting: { tags: ['left'], entry: 'redirectToLogin' },
    leaving: { tags: ['left'], entry: ['signOut', 'leaveForLogout'] },
    failed: {
      tags: ['settled', 'failed'],
      entry: {
        type: 'reportFailure',
        params: ({ context }: { context: GuardContext }) => context.failure,
      },
    },
  },
});

/** The router may render: the guard let the navigation through, or failed (error screen). */
export const selectMayRender = (snapshot: { hasTag: (tag: string) => boolean }) =>
  snapshot.hasTag('passed') || snapshot.hasTag('settled');
/** The browser is leaving for sign-in or sign-out: nothing more to render. */
export const selectIsLeaving = (snapshot: { hasTag: (tag: string) => boolean }) =>
  snapshot.hasTag('left');
