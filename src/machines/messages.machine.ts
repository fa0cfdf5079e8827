/**
 * The message center (portal.md §3 Messages, §4 Messages, §8): the person's messages and SIS nudges,
 * loaded once and shared by the bell, the banner and the Messages page. Marking read shows each item
 * as read at once and hands its mark to the write queue (message-writes.machine.ts, invoked once
 * loaded, its code loaded then), which makes the call of its kind and the refresh that follows. Opening What's New marks
 * the unread blog messages read, then refreshes after 1 second. A failed message call is only logged
 * (§8); the next refresh shows the server's truth.
 */
import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { dismissalKind, inbox, isUnreadBlogMessage, markedRead } from '../lib/messages.js';
import type { InboxMessage } from '../lib/messages.js';
import type {
  MessageWrite,
  MessageWritesEvent,
  MessageWritesReport,
} from './message-writes.machine.js';
import type { MessagesData } from './messages-data.js';

export interface MessagesContext {
  items: InboxMessage[];
}

export type MessagesEvent =
  | { type: 'messages.read'; key: string }
  | { type: 'messages.readAll' }
  | { type: 'messages.readBlog' }
  | { type: 'messages.refresh' }
  | { type: 'messages.retry' }
  | MessageWritesReport;

const writeOf = (m: InboxMessage): MessageWrite => ({
  kind: dismissalKind(m),
  key: m.key,
  pk: m.pk,
  nudge_type: m.nudge_type,
});

/** The items with these keys marked read: a refresh must not bring back what is being marked. */
const withMarks = (items: InboxMessage[], keys: readonly string[]) =>
  keys.reduce((list, key) => markedRead(list, key, new Date().toISOString()), items);

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
     * Marks the items read at once and queues their calls. A set-read asks for a refresh at once
     * when the queue is empty; What's New asks for the later one.
     */
    mark: enqueueActions(
      ({ context, enqueue }, params: { items: InboxMessage[]; later?: boolean }) => {
        const now = params.items.some((m) => dismissalKind(m) === 'message');
        enqueue.sendTo('writes', {
          type: 'writes.add',
          writes: params.items.map(writeOf),
          refresh: params.later ? 'later' : now ? 'now' : 'none',
        } satisfies MessageWritesEvent);
        enqueue.assign({
          items: withMarks(
            context.items,
            params.items.map((m) => m.key),
          ),
        });
      },
    ),
    store: assign({
      items: (_, params: { data: MessagesData; marking: readonly string[] }) =>
        withMarks(inbox(params.data.messages, params.data.nudges), params.marking),
    }),
    logFailure: (_, error: unknown) => console.warn('A message call failed', error),
  },
  guards: {
    isUnread: ({ context }, key: string) => context.items.some((m) => m.key === key && !m.read),
    hasUnread: ({ context }) => context.items.some((m) => !m.read),
    hasUnreadBlog: ({ context }) => context.items.some(isUnreadBlogMessage),
  },
}).createMachine({
  id: 'messages',
  context: { items: [] },
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
          actions: {
            type: 'mark',
            params: ({ context, event }) => ({
              items: context.items.filter((m) => m.key === event.key),
            }),
          },
        },
        'messages.readAll': {
          guard: 'hasUnread',
          actions: {
            type: 'mark',
            params: ({ context }) => ({ items: context.items.filter((m) => !m.read) }),
          },
        },
        'messages.readBlog': {
          guard: 'hasUnreadBlog',
          actions: {
            type: 'mark',
            params: ({ context }) => ({
              items: context.items.filter(isUnreadBlogMessage),
              later: true,
            }),
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

export const selectUnreadCount = (s: MessagesSnapshot) =>
  s.context.items.filter((m) => !m.read).length;

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
