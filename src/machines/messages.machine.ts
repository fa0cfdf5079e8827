/**
 * The message center (portal.md §3 Messages, §4 Messages, §8): the person's messages and SIS nudges,
 * loaded once and shared by the bell, the banner and the Messages page. Marking read goes by kind
 * (§4): a nudge through nudge dismissal, an app message through an app-message read, any other message
 * through set-read followed by a refresh of messages. Marks queue up and run one at a time; each item
 * shows as read at once. Opening What's New marks the unread blog messages read, then refreshes after
 * 1 second. A failed message call is only logged (§8); the next refresh shows the server's truth.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Message } from '../../contract/messages.schema.js';
import type { Nudge, NudgeType } from '../../contract/sis/nudges.schema.js';
import { dismissalKind, inbox, isUnreadBlogMessage, markedRead } from '../lib/messages.js';
import type { InboxMessage } from '../lib/messages.js';

export interface MessagesData {
  messages: Message[];
  nudges: Nudge[];
}

/** One queued mark: which call makes it depends on the item's kind. */
export interface MessageWrite {
  kind: 'nudge' | 'app' | 'message';
  key: string;
  pk: number;
  nudge_type: NudgeType | null;
}

export interface MessagesContext {
  items: InboxMessage[];
  queue: MessageWrite[];
  /** Whether a refresh is due once the queue is empty: at once, or after REFRESH_DELAY. */
  refresh: 'none' | 'now' | 'later';
}

export type MessagesEvent =
  | { type: 'messages.read'; key: string }
  | { type: 'messages.readAll' }
  | { type: 'messages.readBlog' }
  | { type: 'messages.refresh' }
  | { type: 'messages.retry' };

/** portal.md §4: messages are refreshed 1 second after What's New marks its messages read. */
export const BLOG_REFRESH_DELAY_MS = 1_000;

const writeOf = (m: InboxMessage): MessageWrite => ({
  kind: dismissalKind(m),
  key: m.key,
  pk: m.pk,
  nudge_type: m.nudge_type,
});

/** The items with the queued marks applied: a refresh must not bring back what is being marked. */
const withMarks = (items: InboxMessage[], queue: readonly MessageWrite[]) =>
  queue.reduce((list, w) => markedRead(list, w.key, new Date().toISOString()), items);

/** Logs the error of a failed call (portal.md §8: message calls are only logged). */
const logged = {
  type: 'logFailure' as const,
  params: ({ event }: { event: { error: unknown } }) => event.error,
};

const head = (context: MessagesContext): MessageWrite => {
  const next = context.queue[0];
  if (!next) throw new Error('no mark is queued');
  return next;
};

export const messagesMachine = setup({
  types: { context: {} as MessagesContext, events: {} as MessagesEvent },
  actors: {
    load: fromPromise<MessagesData>(async () => {
      throw new Error('load is provided by the container');
    }),
    setRead: fromPromise<unknown, { pk: number }>(async () => {
      throw new Error('setRead is provided by the container');
    }),
    readAppMessage: fromPromise<unknown, { pk: number }>(async () => {
      throw new Error('readAppMessage is provided by the container');
    }),
    dismissNudge: fromPromise<unknown, { nudge_type: NudgeType }>(async () => {
      throw new Error('dismissNudge is provided by the container');
    }),
  },
  delays: { REFRESH_DELAY: BLOG_REFRESH_DELAY_MS },
  actions: {
    store: assign({
      items: ({ context }, data: MessagesData) =>
        withMarks(inbox(data.messages, data.nudges), context.queue),
    }),
    mark: assign(({ context }, items: InboxMessage[]) => ({
      items: withMarks(context.items, items.map(writeOf)),
      queue: [...context.queue, ...items.map(writeOf)],
      refresh:
        context.refresh === 'none' && items.some((m) => dismissalKind(m) === 'message')
          ? ('now' as const)
          : context.refresh,
    })),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
    refreshNow: assign({
      refresh: ({ context }) => (context.refresh === 'later' ? 'later' : 'now'),
    }),
    refreshLater: assign({ refresh: 'later' }),
    clearRefresh: assign({ refresh: 'none' }),
    logFailure: (_, error: unknown) => console.warn('A message call failed', error),
  },
  guards: {
    isUnread: ({ context }, key: string) => context.items.some((m) => m.key === key && !m.read),
    hasUnread: ({ context }) => context.items.some((m) => !m.read),
    hasUnreadBlog: ({ context }) => context.items.some(isUnreadBlogMessage),
    hasQueue: ({ context }) => context.queue.length > 0,
    nextIsNudge: ({ context }) => context.queue[0]?.kind === 'nudge',
    nextIsApp: ({ context }) => context.queue[0]?.kind === 'app',
    refreshesNow: ({ context }) => context.refresh === 'now',
    refreshesLater: ({ context }) => context.refresh === 'later',
  },
}).createMachine({
  id: 'messages',
  context: { items: [], queue: [], refresh: 'none' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'loaded',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: logged,
        },
      },
    },
    failed: { tags: ['error'], on: { 'messages.retry': 'loading', 'messages.refresh': 'loading' } },
    loaded: {
      tags: ['loaded'],
      on: {
        'messages.read': {
          guard: { type: 'isUnread', params: ({ event }) => event.key },
          actions: {
            type: 'mark',
            params: ({ context, event }) => context.items.filter((m) => m.key === event.key),
          },
        },
        'messages.readAll': {
          guard: 'hasUnread',
          actions: { type: 'mark', params: ({ context }) => context.items.filter((m) => !m.read) },
        },
        'messages.readBlog': {
          guard: 'hasUnreadBlog',
          actions: [
            'refreshLater',
            { type: 'mark', params: ({ context }) => context.items.filter(isUnreadBlogMessage) },
          ],
        },
        'messages.refresh': { actions: 'refreshNow' },
      },
      initial: 'idle',
      states: {
        idle: {
          always: [
            { guard: 'hasQueue', target: 'writing' },
            { guard: 'refreshesNow', target: 'refreshing' },
            { guard: 'refreshesLater', target: 'waiting' },
          ],
        },
        writing: {
          always: [
            { guard: 'nextIsNudge', target: 'dismissingNudge' },
            { guard: 'nextIsApp', target: 'readingApp' },
            { target: 'settingRead' },
          ],
        },
        settingRead: {
          tags: ['saving'],
          invoke: {
            id: 'setRead',
            src: 'setRead',
            input: ({ context }) => ({ pk: head(context).pk }),
            onDone: { target: 'idle', actions: 'dequeue' },
            onError: {
              target: 'idle',
              actions: [logged, 'dequeue'],
            },
          },
        },
        readingApp: {
          tags: ['saving'],
          invoke: {
            id: 'readAppMessage',
            src: 'readAppMessage',
            input: ({ context }) => ({ pk: head(context).pk }),
            onDone: { target: 'idle', actions: 'dequeue' },
            onError: {
              target: 'idle',
              actions: [logged, 'dequeue', 'refreshNow'],
            },
          },
        },
        dismissingNudge: {
          tags: ['saving'],
          invoke: {
            id: 'dismissNudge',
            src: 'dismissNudge',
            input: ({ context }) => ({ nudge_type: head(context).nudge_type ?? 'CONTACT' }),
            onDone: { target: 'idle', actions: 'dequeue' },
            onError: {
              target: 'idle',
              actions: [logged, 'dequeue', 'refreshNow'],
            },
          },
        },
        waiting: {
          always: { guard: 'hasQueue', target: 'writing' },
          after: { REFRESH_DELAY: 'refreshing' },
        },
        refreshing: {
          entry: 'clearRefresh',
          invoke: {
            id: 'reload',
            src: 'load',
            onDone: {
              target: 'idle',
              actions: { type: 'store', params: ({ event }) => event.output },
            },
            onError: {
              target: 'idle',
              actions: logged,
            },
          },
        },
      },
    },
  },
});

type MessagesSnapshot = { context: MessagesContext; hasTag: (tag: string) => boolean };

export const selectInbox = (s: { context: MessagesContext }) => s.context.items;

export const selectUnreadCount = (s: { context: MessagesContext }) =>
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
