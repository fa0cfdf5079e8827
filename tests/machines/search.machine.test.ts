import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import type { SearchAnswer } from '../../contract/search.schema.js';
import {
  SEARCH_PAUSE_MS,
  searchMachine,
  selectAnswer,
  selectFoundNothing,
  selectGroupMore,
  selectHasFailed,
  selectIsPending,
  selectQuery,
} from '../../src/machines/search.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const answer: SearchAnswer = {
  query: 'grades',
  partial: false,
  ignoredWords: 0,
  groups: [
    {
      group: 'sections',
      label: 'Portal sections',
      results: [
        {
          title: [{ text: 'Academics', match: false }],
          excerpt: [],
          href: '/academics',
          external: false,
          lang: 'en',
        },
      ],
    },
  ],
};
const nothing: SearchAnswer = { query: 'zzz', partial: false, ignoredWords: 0, groups: [] };
const result = (text: string) => ({
  title: [{ text, match: false }],
  excerpt: [],
  href: `/next-steps/tasks/${text}`,
  external: false,
  lang: 'en' as const,
});
/** A group that found more than its first page (issue 87), and its next and last page. */
const withMore: SearchAnswer = {
  ...answer,
  groups: [
    ...answer.groups,
    { group: 'tasks', label: 'My Next Steps', results: [result('1')], more: true, next: 'tasks.8' },
  ],
};
const nextPage: SearchAnswer = {
  ...answer,
  groups: [{ group: 'tasks', label: 'My Next Steps', results: [result('9')] }],
};

const events = [
  { type: 'search.type', query: 'grades' },
  { type: 'search.type', query: '   ' },
  { type: 'search.clear' },
  { type: 'search.retry' },
  { type: 'xstate.after.PAUSE.search.waiting' },
  { type: 'xstate.done.actor.search', output: answer },
  { type: 'xstate.done.actor.search', output: nothing },
  { type: 'xstate.done.actor.search', output: withMore },
  { type: 'xstate.error.actor.search', error: new Error('500') },
  { type: 'search.more', group: 'tasks' },
  { type: 'search.more', group: 'sections' },
  { type: 'xstate.done.actor.searchMore', output: nextPage },
  { type: 'xstate.error.actor.searchMore', error: new Error('500') },
];

describe('search machine', () => {
  const paths = shortestPaths(searchMachine, events);

  it('reaches every state', () => {
    expect(new Set(paths.map((p) => JSON.stringify(p.state.value)))).toEqual(
      new Set(
        ['idle', 'waiting', 'searching', { found: 'shown' }, { found: 'more' }]
          .concat([{ found: 'moreFailed' }, 'failed'])
          .map((v) => JSON.stringify(v)),
      ),
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'a blank query asks nothing and shows nothing; a failure keeps the query: %s',
    (_title, { state }) => {
      const query = selectQuery(state);
      if (state.matches('idle')) {
        expect(query).toBe('');
        expect(selectAnswer(state)).toBeNull();
      } else {
        expect(query.trim()).not.toBe('');
      }
      expect(selectIsPending(state)).toBe(state.matches('waiting') || state.matches('searching'));
      expect(selectHasFailed(state)).toBe(state.matches('failed'));
      expect(selectFoundNothing(state)).toBe(
        state.matches('found') && selectAnswer(state)?.groups.length === 0,
      );
      // Issue 87: only a group with a next page is paged, one page at a time, added in order.
      const tasks = selectAnswer(state)?.groups.find((g) => g.group === 'tasks');
      expect(selectGroupMore(state, 'sections')).toBe('none');
      expect(selectGroupMore(state, 'tasks')).toBe(
        state.matches({ found: 'more' })
          ? 'loading'
          : tasks?.next === undefined
            ? 'none'
            : state.matches({ found: 'moreFailed' })
              ? 'failed'
              : 'ready',
      );
      if (tasks && tasks.results.length > 1) {
        expect(tasks.results.map((r) => r.title[0]?.text)).toEqual(['1', '9']);
        expect(tasks.next).toBeUndefined();
      }
    },
  );

  it('searches once typing pauses, with the last query only, and drops an answer to an older one', async () => {
    const asked: string[] = [];
    const clock = new SimulatedClock();
    const actor = createActor(
      searchMachine.provide({
        actors: {
          search: fromPromise(async ({ input }) => {
            asked.push(input.query);
            return { ...answer, query: input.query };
          }),
        },
      }),
      { clock },
    ).start();
    actor.send({ type: 'search.type', query: 'g' });
    clock.increment(SEARCH_PAUSE_MS - 1);
    actor.send({ type: 'search.type', query: 'gr' });
    actor.send({ type: 'search.type', query: 'grades' });
    clock.increment(SEARCH_PAUSE_MS);
    await Promise.resolve();
    expect(asked).toEqual(['grades']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectAnswer(actor.getSnapshot())?.query).toBe('grades');
    actor.stop();
  });
});
