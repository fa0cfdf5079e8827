/**
 * The message center (portal.md §3 Messages, §4 Messages, §8): the person's messages and SIS nudges,
 * loaded once and shared by the bell, the banner and the Messages page. Marking read shows each item
 * as read at once and hands its mark to the write queue (message-writes.machine.ts, invoked once
 * loaded, its code loaded then), which makes the call of its kind and the refresh that follows. Opening What's New marks
 * the unread blog messages read, then refreshes after 1 second. A failed message call is only logged
 * (§8); the next refresh shows the server's truth. Issue 87: the messages come a page at a time;
 * "Show more" loads the next page after the loaded ones, a refresh keeps them, and the unread count
 * and the banner's lines are of the whole list (the API's `unread` and `banner`); "Mark all read" and
 * What's New mark every page's messages, loaded or not, with one call.
 */
import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { MessagePage } from '../../contract/messages.schema.js';
import { bannerBeyond, byDate, keptAfter, unreadStored, withPage } from '../lib/message-pages.js';
import {
  MARK_ALL_KEY,
  MARK_BLOG_KEY,
  dismissalKind,
  inbox,
  isUnreadBlogMessage,
  keysMarked,
  markedRead,
} from '../lib/messages.js';
import type { InboxMessage } from '../lib/messages.js';
import type {
  MessageWrite,
  MessageWritesEvent,
  MessageWritesReport,
  RefreshDue,
} from './message-writes.machine.js';
import type { MessagesData } from './messages-data.js';

export interface MessagesContext {
  items: InboxMessage[];
  /** Issue 87: the cursor of the next page, null when the list is all loaded. */
  next: string | null;
  /** How many pages are loaded: a refresh of the first keeps the others. */
  pages: number;
  /** How many unread stored messages are on pages not loaded, as the last answer counted. */
  unreadBeyond: number;
  /** The banner's unread messages on pages not loaded (portal.md §9: of the whole list). */
  beyond: InboxMessage[];
  /** The keys the last "Show more" added: focus goes to the first. */
  added: string[];
  /** The marks still queued (the queue's last report, and those since): a page loaded shows them. */
  marking: string[];
}

export type MessagesEvent =
  | { type: 'messages.read'; key: string }
  | { type: 'messages.readAll' }
  | { type: 'messages.readBlog' }
  | { type: 'messages.refresh' }
  | { type: 'messages.retry' }
  | { type: 'messages.more' }
  | MessageWritesReport;

const writeOf = (m: InboxMessage): MessageWrite => ({
  kind: dismissalKind(m),
  key: m.key,
  pk: m.pk,
  nudge_type: m.nudge_type,
});

/** A mark of every page's stored messages (`all`) or blog ones (`blog`), one call (issue 87). */
const everyPage = (kind: 'all' | 'blog'): MessageWrite => ({
  kind,
  key: kind === 'all' ? MARK_ALL_KEY : MARK_BLOG_KEY,
  pk: 0,
  nudge_type: null,
});

/** The items these marks cover shown read: a refresh must not bring back what is being marked. */
const withMarks = (items: InboxMessage[], marks: readonly string[]) =>
  keysMarked(items, marks).reduce(
    (list, key) => markedRead(list, key, new Date().toISOString()),
    items,
  );

/** The loaded items and the banner's unread messages beyond them: what can be marked read. */
const known = (context: MessagesContext) => [...context.items, ...context.beyond];

/** How many stored messages on pages not loaded are unread, as far as the browser knows. */
const unreadUnloaded = (context: MessagesContext) =>
  Math.max(0, context.unreadBeyond - context.beyond.filter((m) => m.read).length);

export const messagesMachine = setup({
  types: {
    context: {} as MessagesContext,
    events: {} as MessagesEvent,
    children: {} as { writes: 'writes' },
  },
  actors: {
    load: fromPromise<MessagesData>(async () => {
      throw new Error('load is provided by the container');
    }),
    loadMore: fromPromise<MessagePage, { after: string }>(async () => {
      throw new Error('loadMore is provided by the container');
    }),
    // The write queue (message-writes.machine.ts), its code loaded after the first screen.
    writes: fromCallback<MessageWritesEvent>(() =>
      console.warn('writes is provided by the container'),
    ),
  },
  actions: {
    /**
     * Shows what the marks cover read at once and queues their calls. A set-read asks for a refresh
     * at once when the queue is empty; What's New asks for the later one.
     */
    mark: enqueueActions(
      ({ context, enqueue }, params: { writes: MessageWrite[]; refresh: RefreshDue }) => {
        enqueue.sendTo('writes', { type: 'writes.add', ...params } satisfies MessageWritesEvent);
        const keys = params.writes.map((w) => w.key);
        enqueue.assign({
          items: withMarks(context.items, keys),
          beyond: withMarks(context.beyond, keys),
          unreadBeyond: keys.includes(MARK_ALL_KEY) ? 0 : context.unreadBeyond,
          marking: [...context.marking, ...keys],
        });
      },
    ),
    store: assign(({ context }, params: { data: MessagesData; marking: readonly string[] }) => {
      const { data } = params;
      const next = data.next ?? null;
      // A refresh of the first page keeps the pages loaded after it (issue 87).
      const kept = context.pages > 1 ? keptAfter(context.items, { ...data, next }) : [];
      const items = [...inbox(data.messages, data.nudges), ...kept].sort(byDate);
      const unread = data.unread ?? unreadStored(items);
      return {
        items: withMarks(items, params.marking),
        next: kept.length > 0 ? context.next : next,
        pages: kept.length > 0 ? context.pages : 1,
        // An answer that came before the queued mark of all is marked: none unread beyond either.
        unreadBeyond: params.marking.includes(MARK_ALL_KEY)
          ? 0
          : Math.max(0, unread - unreadStored(items)),
        beyond: withMarks(bannerBeyond(data.banner ?? [], items), params.marking),
        marking: [...params.marking],
      };
    }),
    append: assign(({ context }, page: MessagePage) => {
      const { items, added } = withPage(context.items, page.messages);
      const keys = new Set(added.map((m) => m.key));
      return {
        // A page answered before a queued mark was made shows it made (issue 87).
        items: withMarks(items, context.marking),
        next: page.next,
        pages: context.pages + 1,
        unreadBeyond: Math.max(0, context.unreadBeyond - unreadStored(added)),
        beyond: context.beyond.filter((m) => !keys.has(m.key)),
        added: added.map((m) => m.key),
      };
    }),
    logFailure: (_, error: unknown) => console.warn('A message call failed', error),
  },
  guards: {
    isUnread: ({ context }, key: string) => known(context).some((m) => m.key === key && !m.read),
    hasUnread: ({ context }) => known(context).some((m) => !m.read) || unreadUnloaded(context) > 0,
    hasMore: ({ context }) => context.next !== null,
    // An unread message on a page not loaded may be a blog one.
    hasUnreadBlog: ({ context }) =>
      known(context).some(isUnreadBlogMessage) || unreadUnloaded(context) > 0,
  },
}).createMachine({
  id: 'messages',
  context: {
    items: [],
    next: null,
    pages: 1,
    unreadBeyond: 0,
    beyond: [],
    added: [],
    marking: [],
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'loaded',
          actions: { type: 'store', params: ({ event }) => ({ data: event.output, marking: [] }) },
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
    failed: { tags: ['error'], on: { 'messages.retry': 'loading', 'messages.refresh': 'loading' } },
    loaded: {
      tags: ['loaded'],
      invoke: { id: 'writes', src: 'writes' },
      initial: 'idle',
      states: {
        idle: { on: { 'messages.more': { guard: 'hasMore', target: 'more' } } },
        more: {
          tags: ['more'],
          invoke: {
            id: 'loadMore',
            src: 'loadMore',
            input: ({ context }) => ({ after: context.next ?? '' }),
            onDone: {
              target: 'idle',
              actions: { type: 'append', params: ({ event }) => event.output },
            },
            onError: {
              target: 'moreFailed',
              actions: {
                type: 'logFailure',
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
            },
          },
        },
        moreFailed: {
          tags: ['moreFailed'],
          on: { 'messages.more': { guard: 'hasMore', target: 'more' } },
        },
      },
      on: {
        'messages.read': {
          guard: { type: 'isUnread', params: ({ event }) => event.key },
          actions: {
            type: 'mark',
            params: ({ context, event }) => {
              const items = known(context).filter((m) => m.key === event.key);
              const now = items.some((m) => dismissalKind(m) === 'message');
              return { writes: items.map(writeOf), refresh: now ? 'now' : 'none' };
            },
          },
        },
        'messages.readAll': {
          guard: 'hasUnread',
          actions: {
            type: 'mark',
            // The nudges each by their dismissal; every stored message, on every page, by one call.
            params: ({ context }) => ({
              writes: [
                ...known(context)
                  .filter((m) => m.is_nudge && !m.read)
                  .map(writeOf),
                everyPage('all'),
              ],
              refresh: 'now',
            }),
          },
        },
        'messages.readBlog': {
          guard: 'hasUnreadBlog',
          actions: {
            type: 'mark',
            params: { writes: [everyPage('blog')], refresh: 'later' },
          },
        },
        'messages.refresh': { actions: sendTo('writes', { type: 'writes.refresh' }) },
        'writes.loaded': {
          actions: {
            type: 'store',
            params: ({ event }) => ({ data: event.data, marking: event.marking }),
          },
        },
      },
    },
  },
});

type MessagesSnapshot = SnapshotFrom<typeof messagesMachine>;

export const selectInbox = (s: MessagesSnapshot) => s.context.items;

/** The banner's list (portal.md §9): the loaded items and the banner's unread ones beyond them. */
export const selectBannerInbox = (s: MessagesSnapshot) => known(s.context);

/** Unread of the whole list (issue 87): the loaded ones, and those on pages not loaded. */
export const selectUnreadCount = (s: MessagesSnapshot) =>
  s.context.items.filter((m) => !m.read).length + unreadUnloaded(s.context);

/** "Show more": whether a next page is there, being loaded, or failed to load. */
export function selectMore(s: MessagesSnapshot): 'none' | 'ready' | 'loading' | 'failed' {
  if (s.hasTag('more')) return 'loading';
  if (s.context.next === null) return 'none';
  return s.hasTag('moreFailed') ? 'failed' : 'ready';
}

/** The first message the last "Show more" added, where focus goes. */
export const selectAdded = (s: MessagesSnapshot) => s.context.added;

/** The first read of messages and nudges has answered or failed (a later refresh keeps the lines). */
export const selectMessagesSettled = (s: MessagesSnapshot) => !s.hasTag('loading');

/** The Messages page's loader state (portal.md §4 Loaders). */
export function selectMessagesStatus(
  s: MessagesSnapshot,
): 'loading' | 'loaded' | 'empty' | 'error' {
  if (s.hasTag('error')) return 'error';
  if (s.hasTag('loading')) return 'loading';
  return s.context.items.length === 0 ? 'empty' : 'loaded';
}
