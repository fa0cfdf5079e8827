/**
 * Issue 73, Account → People you share with: one save of a grant (a new one or a change) or a
 * revocation. The save is the container's (`save`, given the form's choice); the server may refuse it
 * with a reason (a sign-in older than 10 minutes, an end date more than a year ahead), which the form
 * shows, with "Sign in again" when the refusal asks for it, until the next try.
 */
import { assign, fromPromise, setup } from 'xstate';
import { ShareRefusedError } from '../api/delegations.js';

/** What a save sends: a form's values (the grant's parts), or nothing for a revocation. */
export type ShareSaveInput = Record<string, unknown>;

/** Why the last save failed: the server's reason (null: a failure without one), and whether signing in again helps. */
export interface ShareProblem {
  detail: string | null;
  reauth: boolean;
}

export type ShareSaveEvent = { type: 'share.save'; input: ShareSaveInput };

const problemOf = (error: unknown): ShareProblem =>
  error instanceof ShareRefusedError
    ? { detail: error.detail, reauth: error.status === 403 }
    : { detail: null, reauth: false };

export const shareSaveMachine = setup({
  types: {
    context: {} as { input: ShareSaveInput; problem: ShareProblem | null },
    events: {} as ShareSaveEvent,
  },
  actors: {
    save: fromPromise<void, ShareSaveInput>(async () => undefined),
  },
}).createMachine({
  id: 'shareSave',
  context: { input: {}, problem: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'share.save': {
          target: 'saving',
          actions: assign({ input: ({ event }) => event.input, problem: null }),
        },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.input,
        onDone: { target: 'idle' },
        onError: {
          target: 'idle',
          actions: assign({ problem: ({ event }) => problemOf(event.error) }),
        },
      },
    },
  },
});

export const selectSaving = (snapshot: { hasTag: (tag: string) => boolean }) =>
  snapshot.hasTag('saving');
export const selectProblem = (snapshot: { context: { problem: ShareProblem | null } }) =>
  snapshot.context.problem;
