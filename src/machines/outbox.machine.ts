/**
 * Next Steps' changes waiting to be sent (issue 44), a child of task-roster.machine.ts. A "Mark done"
 * or a bookmark the portal could not be reached for is kept here, in the order made, one change
 * per task and field (a second change of the same field replaces the first and keeps its base);
 * the kept changes are stored for the signed-in person only and restored on the next visit, and a
 * stored list of someone else is forgotten. When the connection returns they are sent in order;
 * each settled change goes back to the roster: sent (the server's answer), refused because the task
 * was changed elsewhere meanwhile (the server's record wins), or gone (the task is no longer there).
 * A send that could not reach the portal is tried again after a while (`retrying`), not only at the
 * next `online` event: the first try after the connection returns may still fail (issue 57, where
 * only a reload sent the change), and the browser says `online` once.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { OutboxEffects, Refused, Settled, StoredOutbox } from '../lib/offline-changes.js';
import type { QueuedChange, TaskEvent } from './task.machine.js';

export type { OutboxEffects, Refused, Settled, StoredOutbox } from '../lib/offline-changes.js';
import { provided } from './provided.js';

export type OutboxEvent = { type: 'outbox.add'; change: QueuedChange } | { type: 'outbox.online' };

/** What the outbox tells the roster: a change that was not sent, which the person is told of. */
export type OutboxReport =
  | { type: 'outbox.refused'; settled: Refused }
  /** For the roster to pass to the task's actor: its change shown as waiting, or settled. */
  | { type: 'outbox.tell'; id: number; event: TaskEvent };

const tell = (id: number, event: TaskEvent): OutboxReport => ({ type: 'outbox.tell', id, event });

export interface OutboxContext {
  owner: string;
  changes: QueuedChange[];
  /** Sends in a row that could not reach the portal: each waits longer before the next. */
  tries: number;
}

/** Counted up to this: the wait is a minute from there on. */
const MAX_TRIES = 6;

/** The wait before trying again: 3 s, then doubling, at most a minute. */
export const retryDelay = (tries: number) => Math.min(60_000, 3_000 * 2 ** Math.max(0, tries - 1));

const sameField = (a: QueuedChange, b: QueuedChange) => a.id === b.id && a.field === b.field;
const sameChange = (a: QueuedChange, b: QueuedChange) =>
  sameField(a, b) && JSON.stringify(a.change) === JSON.stringify(b.change);

/** Adds a change in its place: after the others, or over an earlier change of the same field. */
export function merged(changes: readonly QueuedChange[], change: QueuedChange): QueuedChange[] {
  const at = changes.findIndex((c) => sameField(c, change));
  if (at === -1) return [...changes, change];
  return changes.map((c, i) => (i === at ? { ...change, base: c.base } : c));
}

export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    input: {} as { owner: string },
    events: {} as OutboxEvent,
  },
  actors: {
    restore: provided<StoredOutbox | null>('restore'),
    replay: fromPromise<Settled[], QueuedChange[]>(async () => {
      throw new Error('replay is provided by the composition root');
    }),
  },
  actions: {
    /** Stores the changes for their owner (provided; tests need none). */
    persist: (_, _stored: StoredOutbox) => {},
    /** The stored changes are taken only when they are this person's. */
    takeStored: assign(({ context }, stored: StoredOutbox | null) => ({
      changes: stored?.owner === context.owner ? stored.changes : [],
    })),
    add: assign({
      changes: ({ context, event }) =>
        event.type === 'outbox.add' ? merged(context.changes, event.change) : context.changes,
    }),
    /** Settled changes leave; one made again while they were on their way stays. */
    drop: assign(({ context }, settled: Settled[]) => ({
      changes: context.changes.filter((c) => !settled.some((s) => sameChange(s.change, c))),
    })),
    /** Changes kept from an earlier visit show on their tasks as made. */
    showWaiting: enqueueActions(({ context, enqueue }) => {
      for (const { id, change } of context.changes) {
        enqueue.sendParent(tell(id, { type: 'task.queue', change }));
      }
    }),
    /** Each sent or refused change settles its task with the server's record; a refusal is told. */
    settle: enqueueActions(({ enqueue }, settled: Settled[]) => {
      for (const s of settled) {
        const { id, field } = s.change;
        if (s.kind !== 'gone') {
          enqueue.sendParent(tell(id, { type: 'task.replayed', field, userTask: s.userTask }));
        }
        if (s.kind !== 'sent') {
          enqueue.sendParent({ type: 'outbox.refused', settled: s } satisfies OutboxReport);
        }
      }
    }),
  },
  guards: {
    hasChanges: ({ context }) => context.changes.length > 0,
  },
  delays: { retryDelay: ({ context }) => retryDelay(context.tries) },
}).createMachine({
  id: 'outbox',
  context: ({ input }) => ({ owner: input.owner, changes: [], tries: 0 }),
  initial: 'restoring',
  on: {
    'outbox.add': {
      actions: [
        'add',
        {
          type: 'persist',
          params: ({ context }) => ({ owner: context.owner, changes: context.changes }),
        },
      ],
    },
  },
  states: {
    restoring: {
      invoke: {
        id: 'restore',
        src: 'restore',
        onDone: {
          target: 'settling',
          actions: [
            { type: 'takeStored', params: ({ event }) => event.output },
            {
              type: 'persist',
              params: ({ context }) => ({ owner: context.owner, changes: context.changes }),
            },
            'showWaiting',
          ],
        },
        onError: 'settling',
      },
    },
    settling: { always: [{ guard: 'hasChanges', target: 'sending' }, { target: 'waiting' }] },
    /** Nothing to send, or the portal could not be reached: until the connection returns. */
    waiting: { on: { 'outbox.online': { guard: 'hasChanges', target: 'sending' } } },
    sending: {
      tags: ['sending'],
      // The connection returned while a replay was on its way: one begun offline may still be
      // waiting on calls that will fail (or end with nothing sent), so it is begun again at once,
      // rather than waiting for a return that has already happened.
      on: { 'outbox.online': { target: 'sending', reenter: true } },
      invoke: {
        id: 'replay',
        src: 'replay',
        input: ({ context }) => context.changes,
        onDone: {
          target: 'sent',
          actions: [
            { type: 'drop', params: ({ event }) => event.output },
            {
              type: 'persist',
              params: ({ context }) => ({ owner: context.owner, changes: context.changes }),
            },
            { type: 'settle', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'retrying',
          actions: assign({ tries: ({ context }) => Math.min(context.tries + 1, MAX_TRIES) }),
        },
      },
    },
    /** A send ended: what it could not send (the portal unreachable partway) is tried again. */
    sent: {
      always: [
        {
          guard: 'hasChanges',
          target: 'retrying',
          actions: assign({ tries: ({ context }) => Math.min(context.tries + 1, MAX_TRIES) }),
        },
        { target: 'waiting', actions: assign({ tries: 0 }) },
      ],
    },
    /** The portal could not be reached: tried again after a while, or at once when back online. */
    retrying: {
      on: { 'outbox.online': 'sending' },
      after: { retryDelay: { guard: 'hasChanges', target: 'sending' } },
    },
  },
});

/** The outbox with its effects; without them (tests that need none) nothing is kept or sent. */
export const outboxWith = (effects?: OutboxEffects) =>
  outboxMachine.provide({
    actors: {
      restore: fromPromise(async () => (effects ? effects.restore() : null)),
      replay: fromPromise(async ({ input }) => (effects ? effects.replay(input) : [])),
    },
    actions: { persist: (_, stored) => effects?.persist(stored) },
  });
