/**
 * The portal's app state (portal.md §3 App state, §4 Error state, §8 error catalogue): the user
 * record, error_state 0..3 as states, and the API error list behind the integration banner.
 * error_state: 0 normal, 1 integration warning, 2 status failure, 3 network failure.
 */
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Preferences } from '../../contract/preferences.schema.js';
import type { Roles } from '../../contract/roles.schema.js';
import type { User } from '../../contract/user.schema.js';
import { apiFailed } from '../api/api-failure.js';
import type { ApiFailedEvent } from '../api/api-failure.js';
import { isOutage } from '../api/errors.js';
import { portalOf } from './report.js';

export type ErrorState = 0 | 1 | 2 | 3;

/** portal.md §8: failures push `{type: "api", component?, message}`; banner errors show the banner. */
export interface AppError {
  type: 'api' | 'banner';
  component?: string;
  message: string;
}

export interface AppContext {
  user: User | null;
  errors: AppError[];
}

export type AppEvent =
  | { type: 'app.userLoaded'; user: User }
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

/** What the app reports to the portal machine: who the user turned out to be. */
export type AppReport = { type: 'app.initialised'; user: User } | { type: 'app.provisionalFound' };

/** The banner shows beyond this many API errors. */
export const API_ERROR_LIMIT = 3;

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
  },
  actions: {
    pushError: assign({
      errors: ({ context }, error: AppError) => [...context.errors, error],
    }),
    pushApiFailure: assign({
      errors: ({ context }, { component, message }: ApiFailedEvent): AppError[] => [
        ...context.errors,
        { type: 'api', message, ...(component ? { component } : {}) },
      ],
    }),
    reportInitialised: sendTo(portalOf, (_, user: User) => ({
      type: 'app.initialised' as const,
      user,
    })),
    reportProvisional: sendTo(portalOf, { type: 'app.provisionalFound' } satisfies AppReport),
  },
  guards: {
    isOutage: (_, error: unknown) => isOutage(error),
  },
}).createMachine({
  id: 'app',
  type: 'parallel',
  context: { user: null, errors: [] },
  on: {
    'app.apiFailed': { actions: { type: 'pushApiFailure', params: ({ event }) => event } },
    'app.bannerError': {
      actions: {
        type: 'pushError',
        params: ({ event }) => ({ type: 'banner' as const, message: event.message }),
      },
    },
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
                { type: 'reportInitialised', params: ({ event }) => event.user },
              ],
            },
            'app.provisional': 'provisional',
            'app.signedOut': 'signedOut',
          },
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
                  actions: { type: 'pushApiFailure', params: apiFailed('roles') },
                },
              },
            },
            current: {},
          },
        },
        provisional: { tags: ['provisional'], entry: 'reportProvisional' },
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

/** portal.md §3 error_state, read from the health region. */
export function selectErrorState(snapshot: AppSnapshot): ErrorState {
  if (snapshot.matches({ health: 'outage' })) return 3;
  if (snapshot.matches({ health: 'statusFailure' })) return 2;
  if (snapshot.matches({ health: 'integrationWarning' })) return 1;
  return 0;
}

/** portal.md §8 Banner: more than 3 API errors, or banner errors, or error_state 1. */
export function selectShowsIntegrationBanner(snapshot: AppSnapshot): boolean {
  const { errors } = snapshot.context;
  return (
    errors.filter((e) => e.type === 'api').length > API_ERROR_LIMIT ||
    errors.some((e) => e.type === 'banner') ||
    snapshot.hasTag('integrationWarning')
  );
}

export const selectIsInitialised = (snapshot: AppSnapshot) => snapshot.hasTag('initialised');
