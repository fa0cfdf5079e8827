/**
 * The portal's search box: what was typed waits a moment (typing on does not ask the server for
 * every letter), then is searched; a newer query replaces one under way, whose answer is dropped.
 * A blank query asks nothing. A failed search says so and keeps the query for another try.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { SearchAnswer } from '../../contract/search.schema.js';
import { SEARCH_QUERY_MAX_LENGTH } from '../../contract/search.rules.js';

export interface SearchContext {
  query: string;
  answer: SearchAnswer | null;
}

export type SearchEvent =
  { type: 'search.type'; query: string } | { type: 'search.retry' } | { type: 'search.clear' };

/** How long typing must pause before a query is searched. */
export const SEARCH_PAUSE_MS = 150;

const isBlank = (query: string) => query.trim() === '';

export const searchMachine = setup({
  types: { context: {} as SearchContext, events: {} as SearchEvent },
  actors: {
    search: fromPromise<SearchAnswer, { query: string }>(async () => {
      throw new Error('search is provided by the composition root');
    }),
  },
  delays: { PAUSE: SEARCH_PAUSE_MS },
  guards: {
    isBlank: (_, query: string) => isBlank(query),
  },
  actions: {
    keepQuery: assign({ query: (_, query: string) => query.slice(0, SEARCH_QUERY_MAX_LENGTH) }),
    forget: assign({ query: '', answer: null }),
    keepAnswer: assign({ answer: (_, answer: SearchAnswer) => answer }),
  },
}).createMachine({
  id: 'search',
  context: { query: '', answer: null },
  initial: 'idle',
  on: {
    'search.type': [
      {
        guard: { type: 'isBlank', params: ({ event }) => event.query },
        target: '.idle',
        actions: 'forget',
      },
      {
        target: '.waiting',
        actions: { type: 'keepQuery', params: ({ event }) => event.query },
      },
    ],
    'search.clear': { target: '.idle', actions: 'forget' },
  },
  states: {
    idle: {},
    waiting: {
      tags: ['pending'],
      after: { PAUSE: 'searching' },
    },
    searching: {
      tags: ['pending'],
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ query: context.query }),
        onDone: {
          target: 'found',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: 'failed',
      },
    },
    found: {},
    failed: {
      tags: ['error'],
      on: { 'search.retry': 'searching' },
    },
  },
});

export type SearchSnapshot = SnapshotFrom<typeof searchMachine>;

/** The answer to the query as it stands, once one has come (an older answer stays while waiting). */
export const selectAnswer = (state: SearchSnapshot): SearchAnswer | null => state.context.answer;
export const selectQuery = (state: SearchSnapshot): string => state.context.query;
export const selectIsPending = (state: SearchSnapshot): boolean => state.hasTag('pending');
export const selectHasFailed = (state: SearchSnapshot): boolean => state.hasTag('error');
/** Whether the answer shown has no result at all. */
export const selectFoundNothing = (state: SearchSnapshot): boolean =>
  state.matches('found') && (state.context.answer?.groups.length ?? 0) === 0;
