/**
 * The portal's search box: what was typed waits a moment (typing on does not ask the server for
 * every letter), then is searched; a newer query replaces one under way, whose answer is dropped.
 * A blank query asks nothing. A failed search says so and keeps the query for another try.
 * Issue 87: a group that found more than its first page asks for its next page (its `next`) on
 * "Show more", one group at a time, and adds it to the group; a failed page says so and is asked
 * again on the next press. A new query starts over.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { SearchAnswer, SearchGroup } from '../../contract/search.schema.js';
import { SEARCH_QUERY_MAX_LENGTH } from '../../contract/search.rules.js';
import type { More } from '../lib/more-pages.js';

export interface SearchContext {
  query: string;
  /** The answer, with the pages "Show more" added to its groups. */
  answer: SearchAnswer | null;
  /** The group whose next page is being asked for, or whose last one failed. */
  moreOf: SearchGroup | null;
}

export type SearchEvent =
  | { type: 'search.type'; query: string }
  | { type: 'search.retry' }
  | { type: 'search.clear' }
  | { type: 'search.more'; group: SearchGroup };

/** A group's cursor for its next page in `answer`, if it has one. */
const nextOf = (answer: SearchAnswer | null, group: SearchGroup | null): string | undefined =>
  answer?.groups.find((g) => g.group === group)?.next;

/** The answer with a group's next page (an answer holding that group alone) added to it. */
function withPage(answer: SearchAnswer | null, page: SearchAnswer): SearchAnswer | null {
  const [added] = page.groups;
  if (!answer || !added) return answer;
  return {
    ...answer,
    groups: answer.groups.map((g) =>
      g.group === added.group
        ? {
            ...g,
            results: [...g.results, ...added.results],
            more: added.more,
            next: added.next,
          }
        : g,
    ),
  };
}

/** How long typing must pause before a query is searched. */
export const SEARCH_PAUSE_MS = 150;

const isBlank = (query: string) => query.trim() === '';

export const searchMachine = setup({
  types: { context: {} as SearchContext, events: {} as SearchEvent },
  actors: {
    search: fromPromise<SearchAnswer, { query: string }>(async () => {
      throw new Error('search is provided by the composition root');
    }),
    searchMore: fromPromise<SearchAnswer, { query: string; after: string }>(async () => {
      throw new Error('searchMore is provided by the composition root');
    }),
  },
  delays: { PAUSE: SEARCH_PAUSE_MS },
  guards: {
    isBlank: (_, query: string) => isBlank(query),
    hasNext: ({ context }, group: SearchGroup) => nextOf(context.answer, group) !== undefined,
  },
  actions: {
    keepQuery: assign({ query: (_, query: string) => query.slice(0, SEARCH_QUERY_MAX_LENGTH) }),
    forget: assign({ query: '', answer: null, moreOf: null }),
    keepAnswer: assign({ answer: (_, answer: SearchAnswer) => answer, moreOf: null }),
    keepMoreOf: assign({ moreOf: (_, group: SearchGroup) => group }),
    addPage: assign({
      answer: ({ context }, page: SearchAnswer) => withPage(context.answer, page),
      moreOf: null,
    }),
  },
}).createMachine({
  id: 'search',
  context: { query: '', answer: null, moreOf: null },
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
    found: {
      initial: 'shown',
      states: {
        shown: {},
        more: {
          tags: ['more'],
          // One page at a time: a press while it loads is not another ask.
          on: { 'search.more': {} },
          invoke: {
            id: 'searchMore',
            src: 'searchMore',
            input: ({ context }) => ({
              query: context.query,
              after: nextOf(context.answer, context.moreOf) ?? '',
            }),
            onDone: {
              target: 'shown',
              actions: { type: 'addPage', params: ({ event }) => event.output },
            },
            onError: 'moreFailed',
          },
        },
        moreFailed: { tags: ['moreFailed'] },
      },
      on: {
        'search.more': {
          guard: { type: 'hasNext', params: ({ event }) => event.group },
          target: '.more',
          actions: { type: 'keepMoreOf', params: ({ event }) => event.group },
        },
      },
    },
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
/** A group's "Show more" (issue 87): its next page there, being asked for, failed, or none. */
export function selectGroupMore(state: SearchSnapshot, group: SearchGroup): More {
  const mine = state.context.moreOf === group;
  if (mine && state.hasTag('more')) return 'loading';
  if (nextOf(state.context.answer, group) === undefined) return 'none';
  return mine && state.hasTag('moreFailed') ? 'failed' : 'ready';
}
/** Whether the answer shown has no result at all. */
export const selectFoundNothing = (state: SearchSnapshot): boolean =>
  state.matches('found') && (state.context.answer?.groups.length ?? 0) === 0;
