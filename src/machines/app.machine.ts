/**
 * The portal's app state (portal.md §3 App state, §4 Error state, §8 error catalogue): the user
 * record and error_state 0..3 as states. It invokes the API error list behind the integration
 * banner (api-errors.machine.ts, id `apiErrors`) and passes it every API failure and banner error.
 * error_state: 0 normal, 1 integration warning, 2 status failure, 3 network failure.
 */
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Preferences } from '../../contract/preferences.schema.js';
import type { Roles } from '../../contract/roles.schema.js';
import type { User } from '../../contract/user.schema.js';
import type { DelegateShare } from '../lib/delegate-capacity.js';
import { apiFailed } from '../api/api-failure.js';
import type { ApiFailedEvent } from '../api/api-failure.js';
import { isOutage } from '../api/errors.js';
import { apiErrorsMachine, selectErrorList, selectErrorsShowBanner } from './api-errors.machine.js';
import type { ApiErrorsEvent } from './api-errors.machine.js';
import { portalOf } from './report.js';
import { PROVISIONAL, delegateFound, initialised } from './app-report.js';
import type { AppReport } from './app-report.js';

export type ErrorState = 0 | 1 | 2 | 3;

export interface AppContext {
  user: User | null;
  /** Issue 88: the share a delegate reads under (capacity `delegate`: no user record at all). */
  delegating: DelegateShare | null;
}

export type AppEvent =
  | { type: 'app.userLoaded'; user: User }
  /** No campus session; a delegate reads the share they chose. */
  | { type: 'app.delegateLoaded'; share: DelegateShare }
  /** Saved preferences (photo, theme, contacts, the dashboard's layout): the user record takes them. */
  | { type: 'app.preferencesSaved'; preferences: Preferences }
  | { type: 'app.provisional' }
  | { type: 'app.signedOut' }
  | ApiFailedEvent
  | { type: 'app.bannerError'; message: string }
  | { type: 'app.integrationWarning' }
  | { type: 'app.integrationsRestored' }
  | { type: 'app.guardFailed'; error: unknown }
  | { type: 'app.outage' }
  | { type: 'app.retry' };

/** A failed navigation guard: an outage (3) when the portal is unreachable, else a status failure (2). */
const guardFailed = [
  {
    guard: {
      type: 'isOutage' as const,
      params: ({ event }: { event: { error: unknown } }) => event.error,
    },
    target: 'outage',
  },
  { target: 'statusFailure' },
];

export const appMachine = setup({
  types: { context: {} as AppContext, events: {} as AppEvent },
  actors: {
    refreshRoles: fromPromise<Roles>(async () => {
      throw new Error('refreshRoles is provided by the composition root');
    }),
    apiErrors: apiErrorsMachine,
  },
  actions: {
    pushError: sendTo('apiErrors', (_, error: ApiErrorsEvent) => error),
    report: sendTo(portalOf, (_, report: AppReport) => report),
  },
  guards: {
    isOutage: (_, error: unknown) => isOutage(error),
    // Issue 73: support viewing as the student changes nothing, the stored roles included.
    viewingAs: ({ context }) => context.user?.view_as != null,
  },
}).createMachine({
  id: 'app',
  type: 'parallel',
  context: { user: null, delegating: null },
  invoke: { id: 'apiErrors', src: 'apiErrors' },
  on: {
    'app.apiFailed': { actions: { type: 'pushError', params: ({ event }) => event } },
    'app.bannerError': { actions: { type: 'pushError', params: ({ event }) => event } },
  },
  states: {
    session: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['pending'],
          on: {
            'app.userLoaded': {
              target: 'ready',
              actions: [
                assign({ user: ({ event }) => event.user }),
                { type: 'report', params: ({ event }) => initialised(event.user) },
              ],
            },
            'app.delegateLoaded': {
              target: 'delegate',
              actions: [
                assign({ delegating: ({ event }) => event.share }),
                { type: 'report', params: ({ event }) => delegateFound(event.share) },
              ],
            },
            'app.provisional': 'provisional',
            'app.signedOut': 'signedOut',
          },
        },
        // Issue 88: a delegate reads the student's shared pages; no user, no roles.
        delegate: {
          tags: ['delegate'],
          // A delegate is `authenticated` to the guard: no navigation asks who reads again.
          on: { 'app.signedOut': { target: 'signedOut', actions: assign({ delegating: null }) } },
        },
        ready: {
          tags: ['initialised'],
          initial: 'refreshingRoles',
          on: {
            'app.userLoaded': { actions: assign({ user: ({ event }) => event.user }) },
            // Every preference control and profile image reads the one user record: a saved change
            // shows everywhere at once (portal.md §4), with nothing remounted.
            'app.preferencesSaved': {
              actions: assign({
                user: ({ context, event }) =>
                  context.user && { ...context.user, preferences: event.preferences },
              }),
            },
            'app.signedOut': { target: 'signedOut', actions: assign({ user: null }) },
          },
          states: {
            refreshingRoles: {
              always: { guard: 'viewingAs', target: 'current' },
              invoke: {
                id: 'refreshRoles',
                src: 'refreshRoles',
                onDone: {
                  target: 'current',
                  actions: assign({
                    user: ({ context, event }) =>
                      context.user && { ...context.user, ...event.output },
                  }),
                },
                onError: {
                  target: 'current',
                  actions: { type: 'pushError', params: apiFailed('roles') },
                },
              },
            },
            current: {},
          },
        },
        provisional: { tags: ['provisional'], entry: { type: 'report', params: PROVISIONAL } },
        signedOut: { tags: ['signedOut'] },
      },
    },
    health: {
      initial: 'normal',
      states: {
        normal: {
          on: {
            'app.integrationWarning': 'integrationWarning',
            'app.guardFailed': guardFailed,
            'app.outage': 'outage',
          },
        },
        integrationWarning: {
          tags: ['integrationWarning'],
          on: {
            'app.integrationsRestored': 'normal',
            'app.guardFailed': guardFailed,
            'app.outage': 'outage',
          },
        },
        statusFailure: {
          tags: ['errorScreen'],
          on: { 'app.outage': 'outage', 'app.retry': 'normal' },
        },
        outage: { tags: ['errorScreen'], on: { 'app.retry': 'normal' } },
      },
    },
  },
});

type AppSnapshot = SnapshotFrom<typeof appMachine>;

export const selectUser = (snapshot: AppSnapshot) => snapshot.context.user;
/** Issue 88: the share a delegate reads under, or null when the reader is not a delegate. */
export const selectDelegating = (snapshot: AppSnapshot) => snapshot.context.delegating;

/** portal.md §3 error_state, read from the health region. */
export function selectErrorState(snapshot: AppSnapshot): ErrorState {
  if (snapshot.matches({ health: 'outage' })) return 3;
  if (snapshot.matches({ health: 'statusFailure' })) return 2;
  if (snapshot.matches({ health: 'integrationWarning' })) return 1;
  return 0;
}

/** The API error list's actor; the screen subscribes to it (its changes leave the app's snapshot). */
export const selectApiErrorsActor = (snapshot: AppSnapshot) =>
  snapshot.children.apiErrors as ActorRefFrom<typeof apiErrorsMachine>;
/** The API errors and banner errors pushed so far (portal.md §8). */
export const selectApiErrors = (snapshot: AppSnapshot) =>
  selectErrorList(selectApiErrorsActor(snapshot).getSnapshot());

/** portal.md §8 Banner: more than 3 API errors, or banner errors, or error_state 1. */
export const selectShowsIntegrationBanner = (snapshot: AppSnapshot): boolean =>
  selectErrorsShowBanner(selectApiErrorsActor(snapshot).getSnapshot()) ||
  snapshot.hasTag('integrationWarning');

export const selectIsInitialised = (snapshot: AppSnapshot) => snapshot.hasTag('initialised');
