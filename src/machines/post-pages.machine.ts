/**
 * "Show more posts" (portal.md §2 content pages; issue 87): a content page answers a page of its
 * posts and says whether `more` follow; this loads the next page after the last post shown and
 * keeps the posts it added, in order, and where the next page starts (null: the list's end). A
 * failed page says so; asking again loads it. A new first page (the page read again) starts over.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Post } from '../../contract/content.schema.js';

/** A page of posts as the content page's answer holds it. */
export interface PostsPageAnswer {
  posts: Post[];
  more?: boolean | undefined;
}

export interface PostPagesContext {
  /** The posts the pages after the first added, in the list's order. */
  added: Post[];
  /** Where the next page starts: the last post's `pk`; null at the end; undefined: the first page's. */
  next: number | null | undefined;
}

export type PostPagesEvent = { type: 'posts.more'; after: number } | { type: 'posts.reset' };

/** The cursor after a page: its last post's `pk` when more follow, else null (the end). */
export const nextAfter = (page: PostsPageAnswer): number | null =>
  page.more === true ? (page.posts.at(-1)?.pk ?? null) : null;

const fresh = (): PostPagesContext => ({ added: [], next: undefined });
const more = { 'posts.more': { target: 'more' } } as const;

export const postPagesMachine = setup({
  types: {
    context: {} as PostPagesContext,
    events: {} as PostPagesEvent,
  },
  actors: {
    loadMore: fromPromise<PostsPageAnswer, { after: number }>(async () => {
      throw new Error('loadMore is provided by the container');
    }),
  },
  actions: {
    startOver: assign(fresh),
    logFailure: (_, error: unknown) => console.warn('A content call failed', error),
  },
}).createMachine({
  id: 'postPages',
  context: fresh,
  initial: 'idle',
  on: { 'posts.reset': { target: '.idle', actions: 'startOver' } },
  states: {
    idle: { on: more },
    more: {
      tags: ['more'],
      invoke: {
        id: 'loadMore',
        src: 'loadMore',
        input: ({ event }) => ({ after: event.type === 'posts.more' ? event.after : 0 }),
        onDone: {
          target: 'idle',
          actions: assign(({ context, event }) => ({
            added: [...context.added, ...event.output.posts],
            next: nextAfter(event.output),
          })),
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'logFailure',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    failed: { tags: ['failed'], on: more },
  },
});

/** Where the next page starts: past the pages added, or after the first page (`first`). */
export function selectNextAfter(
  s: SnapshotFrom<typeof postPagesMachine>,
  first: PostsPageAnswer | null,
): number | null {
  if (s.context.next !== undefined) return s.context.next;
  return first ? nextAfter(first) : null;
}
