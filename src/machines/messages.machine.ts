/**
 * The message center (portal.md §3 Messages, §4 Messages, §8): the person's messages and SIS nudges,
 * loaded once and shared by the bell, the banner and the Messages page. Marking read shows each item
 * as read at once and hands its mark to the write queue (message-writes.machine.ts, invoked once
 * loaded, its code loaded then), which makes the call of its kind and the refresh that follows. Opening What's New marks
 * the unread blog messages read, then refreshes after 1 second. A failed message call is only logged
 * (§8); the next refresh shows the server's truth. Issue 87: the messages come a page at a time;
 * the Messages page's "Show more" (message-pages.machine.ts) loads the next page after the loaded
 * ones and hands it over (`messages.page`), a refresh keeps them, and the unread count
 * and the banner's lines are of the whole list (the API's `unread` and `banner`); "Mark all read" and
 * What's New mark every page's messages, loaded or not, with one call.
 */
import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { MessagePage } from '../../contract/messages.schema.js';
import {
  anyUnread,
  appended,
  emptyList,
  everyPage,
  known,
  marked,
  readAll,
  readOne,
  stored,
  unreadUnloaded,
} from '../lib/message-center.js';
import type { MessageList } from '../lib/message-center.js';
import { isUnreadBlogMessage } from '../lib/messages.js';
import type {
  MessageWrite,
  MessageWritesEvent,
  MessageWritesReport,
  RefreshDue,
} from './message-writes.machine.js';
import type { MessagesData } from './messages-data.js';

export type MessagesContext = MessageList;

export type MessagesEvent =
  | { type: 'messages.read'; key: string }
  | { type: 'messages.readAll' }
  | { type: 'messages.readBlog' }
  | { type: 'messages.refresh' }
  | { type: 'messages.retry' }
  /** Issue 87: the next page, loaded by the Messages page (message-pages.machine.ts). */
  | { type: 'messages.page'; page: MessagePage }
  | MessageWritesReport;

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
        enqueue.assign(
          marked(
            context,
            params.writes.map((w) => w.key),
          ),
        );
      },
    ),
    store: assign(({ context }, params: { data: MessagesData; marking: readonly string[] }) =>
      stored(context, params.data, params.marking),
    ),
    append: assign(({ context }, page: MessagePage) => appended(context, page)),
    logFailure: (_, error: unknown) => console.warn('A message call failed', error),
  },
  guards: {
    isUnread: ({ context }, key: string) => known(context).some((m) => m.key === key && !m.read),
    hasUnread: ({ context }) => anyUnread(context),
    // An unread message on a page not loaded may be a blog one.
    hasUnreadBlog: ({ context }) => anyUnread(context, isUnreadBlogMessage),
  },
}).createMachine({
  id: 'messages',
  context: emptyList,
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
      on: {
        'messages.read': {
          guard: { type: 'isUnread', params: ({ event }) => event.key },
          actions: { type: 'mark', params: ({ context, event }) => readOne(context, event.key) },
        },
        'messages.readAll': {
          guard: 'hasUnread',
          actions: {
            type: 'mark',
            params: ({ context }) => ({ writes: readAll(context), refresh: 'now' }),
          },
        },
        'messages.readBlog': {
          guard: 'hasUnreadBlog',
          actions: { type: 'mark', params: { writes: [everyPage('blog')], refresh: 'later' } },
        },
        'messages.page': { actions: { type: 'append', params: ({ event }) => event.page } },
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

/** Issue 87: the cursor of the next page, null when the list is all loaded. */
export const selectNext = (s: MessagesSnapshot) => s.context.next;

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
