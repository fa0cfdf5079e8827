/**
 * The message center's write queue (portal.md §4 Messages, §8), a child of messages.machine.ts.
 * Marks queue up and run one at a time, each by its kind: a nudge through nudge dismissal, an app
 * message through an app-message read, any other message through set-read; "Mark all read" and What's
 * New's blog messages through one call for every page, loaded or not (issue 87). When the queue is empty
 * the refresh that is due runs: at once (after set-read, a failed nudge or app-message call, or when
 * asked), or after 1 second (What's New). The fresh messages go to the message center with the keys
 * still queued, so a refresh never brings back what is being marked. A failed call is only logged.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { NudgeType } from '../../contract/sis/nudges.schema.js';
import type { MessagesData } from './messages-data.js';

/** One queued mark: which call makes it depends on its kind (`all`, `blog`: every page's). */
export interface MessageWrite {
  kind: 'nudge' | 'app' | 'message' | 'all' | 'blog';
  key: string;
  pk: number;
  nudge_type: NudgeType | null;
}

/** A refresh due once the queue is empty: none, at once, or after REFRESH_DELAY. */
export type RefreshDue = 'none' | 'now' | 'later';

export interface MessageWritesContext {
  queue: MessageWrite[];
  refresh: RefreshDue;
}

export type MessageWritesEvent =
  { type: 'writes.add'; writes: MessageWrite[]; refresh: RefreshDue } | { type: 'writes.refresh' };

/** What the queue tells the message center: fresh messages, and the keys still being marked. */
export type MessageWritesReport = { type: 'writes.loaded'; data: MessagesData; marking: string[] };

/** portal.md §4: messages are refreshed 1 second after What's New marks its messages read. */
export const BLOG_REFRESH_DELAY_MS = 1_000;

/** Logs the error of a failed call (portal.md §8: message calls are only logged). */
const logged = {
  type: 'logFailure' as const,
  params: ({ event }: { event: { error: unknown } }) => event.error,
};

const head = (context: MessageWritesContext): MessageWrite => {
  const next = context.queue[0];
  if (!next) throw new Error('no mark is queued');
  return next;
};

/** One call of the queue: its answer or its failure moves on to the next mark. */
const call = (id: 'setRead' | 'readAppMessage' | 'readAll', refreshOnFailure: boolean) => ({
  tags: ['saving'],
  invoke: {
    id,
    src: id,
    input: ({ context }: { context: MessageWritesContext }) => head(context),
    onDone: { target: 'idle', actions: 'dequeue' as const },
    onError: {
      target: 'idle',
      actions: [logged, 'dequeue' as const, ...(refreshOnFailure ? ['refreshNow' as const] : [])],
    },
  },
});

export const messageWritesMachine = setup({
  types: { context: {} as MessageWritesContext, events: {} as MessageWritesEvent },
  actors: {
    load: fromPromise<MessagesData>(async () => {
      throw new Error('load is provided by the container');
    }),
    setRead: fromPromise<unknown, MessageWrite>(async () => {
      throw new Error('setRead is provided by the container');
    }),
    readAppMessage: fromPromise<unknown, MessageWrite>(async () => {
      throw new Error('readAppMessage is provided by the container');
    }),
    readAll: fromPromise<unknown, MessageWrite>(async () => {
      throw new Error('readAll is provided by the container');
    }),
    dismissNudge: fromPromise<unknown, { nudge_type: NudgeType }>(async () => {
      throw new Error('dismissNudge is provided by the container');
    }),
  },
  delays: { REFRESH_DELAY: BLOG_REFRESH_DELAY_MS },
  actions: {
    enqueue: assign(({ context, event }) => {
      if (event.type !== 'writes.add') return {};
      // What's New asks for the later refresh whatever is due; a mark asks for one only if none is.
      const refresh: RefreshDue =
        event.refresh === 'later' || context.refresh === 'none' ? event.refresh : context.refresh;
      return { queue: [...context.queue, ...event.writes], refresh };
    }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
    refreshNow: assign({
      refresh: ({ context }) => (context.refresh === 'later' ? 'later' : 'now'),
    }),
    clearRefresh: assign({ refresh: 'none' }),
    reportLoaded: sendParent(({ context }, data: MessagesData): MessageWritesReport => ({
      type: 'writes.loaded',
      data,
      marking: context.queue.map((w) => w.key),
    })),
    logFailure: (_, error: unknown) => console.warn('A message call failed', error),
  },
  guards: {
    hasQueue: ({ context }) => context.queue.length > 0,
    nextIsNudge: ({ context }) => context.queue[0]?.kind === 'nudge',
    nextIsApp: ({ context }) => context.queue[0]?.kind === 'app',
    nextIsAll: ({ context }) => ['all', 'blog'].includes(context.queue[0]?.kind ?? ''),
    refreshesNow: ({ context }) => context.refresh === 'now',
    refreshesLater: ({ context }) => context.refresh === 'later',
  },
}).createMachine({
  id: 'messageWrites',
  context: { queue: [], refresh: 'none' },
  on: {
    'writes.add': { actions: 'enqueue' },
    'writes.refresh': { actions: 'refreshNow' },
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
        { guard: 'nextIsAll', target: 'readingAll' },
        { target: 'settingRead' },
      ],
    },
    settingRead: call('setRead', false),
    readingApp: call('readAppMessage', true),
    readingAll: call('readAll', false),
    dismissingNudge: {
      tags: ['saving'],
      invoke: {
        id: 'dismissNudge',
        src: 'dismissNudge',
        input: ({ context }) => ({ nudge_type: head(context).nudge_type ?? 'CONTACT' }),
        onDone: { target: 'idle', actions: 'dequeue' },
        onError: { target: 'idle', actions: [logged, 'dequeue', 'refreshNow'] },
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
          actions: { type: 'reportLoaded', params: ({ event }) => event.output },
        },
        onError: { target: 'idle', actions: logged },
      },
    },
  },
});
