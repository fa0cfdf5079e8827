/**
 * The portal's app state: user initialisation and the error state (portal.md §3 App state, §4, §8).
 * error_state: 0 normal, 1 integration warning, 2 status failure, 3 network failure.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { User } from '../../contract/user.schema.js';
import { isOutage } from '../api/errors.js';
import type { UserResult } from '../api/user.js';
import { loginUrl } from '../lib/login.js';

export type ErrorState = 0 | 1 | 2 | 3;

export interface AppContext {
  user: User | null;
  errorState: ErrorState;
  /** The original full path, where sign-in returns to. */
  returnTo: string;
}

export interface AppInput {
  returnTo: string;
}

export type AppEvent = { type: 'app.retry' };

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    input: {} as AppInput,
    events: {} as AppEvent,
  },
  actors: {
    fetchUser: fromPromise<UserResult>(async () => {
      throw new Error('fetchUser is provided by the composition root');
    }),
  },
  actions: {
    redirectToLogin: ({ context }) => {
      window.location.assign(loginUrl(context.returnTo));
    },
  },
  guards: {
    isSignedIn: (_, output: UserResult) => output.kind === 'user',
    isProvisional: (_, output: UserResult) => output.kind === 'provisional',
    isOutage: (_, error: unknown) => isOutage(error),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ user: null, errorState: 0, returnTo: input.returnTo }),
  initial: 'loadingUser',
  states: {
    loadingUser: {
      tags: ['pending'],
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: [
          {
            guard: { type: 'isSignedIn', params: ({ event }) => event.output },
            target: 'ready',
            actions: assign({
              user: ({ event }) => (event.output.kind === 'user' ? event.output.user : null),
            }),
          },
          {
            guard: { type: 'isProvisional', params: ({ event }) => event.output },
            target: 'provisional',
          },
          { target: 'signedOut', actions: 'redirectToLogin' },
        ],
        onError: [
          {
            guard: {
              type: 'isOutage',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'failed',
            actions: assign({ errorState: 3 }),
          },
          { target: 'failed', actions: assign({ errorState: 2 }) },
        ],
      },
    },
    ready: { tags: ['initialised'] },
    provisional: { tags: ['provisional'] },
    signedOut: { tags: ['pending'] },
    failed: {
      tags: ['error'],
      on: { 'app.retry': { target: 'loadingUser', actions: assign({ errorState: 0 }) } },
    },
  },
});

export const selectUser = (snapshot: { context: AppContext }) => snapshot.context.user;
export const selectErrorState = (snapshot: { context: AppContext }) => snapshot.context.errorState;
