import { moreOf } from '../../src/lib/more-pages.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  nextAfter,
  postPagesMachine,
  selectNextAfter,
} from '../../src/machines/post-pages.machine.js';
import type { PostsPageAnswer } from '../../src/machines/post-pages.machine.js';
import { aPost } from '../ui/portal/posts.js';
import { pathTitle, shortestPaths } from './paths.js';

/** Issue 87: a content page's first page (more follow post 2), and the page after it, the last. */
const first: PostsPageAnswer = { posts: [aPost({ pk: 1 }), aPost({ pk: 2 })], more: true };
const last: PostsPageAnswer = { posts: [aPost({ pk: 3 })] };

const events = [
  { type: 'posts.more', after: 2 },
  { type: 'xstate.done.actor.loadMore', output: last },
  { type: 'xstate.error.actor.loadMore', error: new Error('500') },
  { type: 'posts.reset' },
];

afterEach(() => vi.restoreAllMocks());

describe('"Show more posts" machine (issue 87)', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const paths = shortestPaths(postPagesMachine, events, undefined, {
    serializeState: (s) => JSON.stringify([s.value, s.context.added.length > 0, s.context.next]),
  });

  it('reaches loading a page, its failure, and the list’s end', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toEqual(new Set(['"idle"', '"more"', '"failed"']));
    expect(paths.some((p) => p.state.context.next === null)).toBe(true);
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'shows more only while a next page is there, loading only while it loads: %s',
    (_title, { state }) => {
      const next = selectNextAfter(state, first);
      if (state.matches('more')) expect(moreOf(state, next === null)).toBe('loading');
      else if (state.context.next === null) {
        // The page after the first was the last: nothing more, and its posts are kept.
        expect(moreOf(state, next === null)).toBe('none');
        expect(state.context.added.length).toBeGreaterThan(0);
        expect(state.context.added.every((p) => p.pk === 3)).toBe(true);
      } else {
        expect(next).toBe(2);
        expect(moreOf(state, next === null)).toBe(state.matches('failed') ? 'failed' : 'ready');
      }
    },
  );
});

describe('loading the page after a content page’s last post shown', () => {
  it('asks after the cursor it was given, adds the page and ends at a page without more', async () => {
    const asked: number[] = [];
    const actor = createActor(
      postPagesMachine.provide({
        actors: {
          loadMore: fromPromise(async ({ input }) => {
            asked.push(input.after);
            return last;
          }),
        },
      }),
    ).start();
    actor.send({ type: 'posts.more', after: nextAfter(first) ?? 0 });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('idle')).toBe(true));
    expect(asked).toEqual([2]);
    expect(actor.getSnapshot().context.added.map((p) => p.pk)).toEqual([3]);
    expect(selectNextAfter(actor.getSnapshot(), first)).toBeNull();
    actor.send({ type: 'posts.reset' });
    expect(actor.getSnapshot().context).toEqual({ added: [], next: undefined });
    expect(selectNextAfter(actor.getSnapshot(), first)).toBe(2);
  });
});
