import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import { merged, outboxMachine, retryDelay } from '../../src/machines/outbox.machine.js';
import type { OutboxReport, Settled, StoredOutbox } from '../../src/machines/outbox.machine.js';
import type { QueuedChange } from '../../src/machines/task.machine.js';
import { userTask } from '../lib/fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

const T = '2026-11-25T09:41:00.000Z';
const done = (id: number): QueuedChange => ({
  id,
  field: 'completed_on',
  change: { completed_on: T },
  base: { completed_on: null },
});
const starred = (id: number, on = true): QueuedChange => ({
  id,
  field: 'starred',
  change: { starred: on },
  base: { starred: !on },
});
const sent = (change: QueuedChange): Settled => ({
  kind: 'sent',
  change,
  userTask: userTask(change.id, change.change),
});

const events = [
  { type: 'outbox.add', change: done(1) },
  { type: 'outbox.add', change: starred(1) },
  { type: 'outbox.online' },
  { type: 'xstate.done.actor.restore', output: { owner: 'avalencia', changes: [done(2)] } },
  { type: 'xstate.done.actor.restore', output: { owner: 'bkim', changes: [done(2)] } },
  { type: 'xstate.done.actor.restore', output: null },
  { type: 'xstate.error.actor.restore', error: new Error('no storage') },
  { type: 'xstate.done.actor.replay', output: [sent(done(1))] },
  { type: 'xstate.done.actor.replay', output: [] },
  { type: 'xstate.error.actor.replay', error: new Error('unreachable') },
  { type: 'xstate.after.retryDelay.outbox.retrying' },
];

/** Without a list above it: what it tells the list is checked below, with one. */
const alone = outboxMachine.provide({ actions: { showWaiting: () => {}, settle: () => {} } });

describe('outbox machine paths', () => {
  const paths = shortestPaths(alone, events, { owner: 'avalencia' });

  it('reaches restoring, waiting, sending and retrying', () => {
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(
      new Set(['restoring', 'waiting', 'sending', 'retrying']),
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'keeps one change per task and field, only the signed-in person’s, and sends only when it has some: %s',
    (_title, { state }) => {
      const keys = state.context.changes.map((c) => `${c.id}:${c.field}`);
      expect(new Set(keys).size).toBe(keys.length);
      // bkim's stored change of task 2 is never taken.
      expect(state.context.owner).toBe('avalencia');
      if (state.value === 'sending') expect(state.context.changes.length).toBeGreaterThan(0);
    },
  );
});

/** The outbox under a list stand-in that records what it is told, with its effects given. */
function outboxWith(effects: {
  stored?: StoredOutbox | null;
  replay?: (changes: QueuedChange[]) => Promise<Settled[]>;
}) {
  const reports: OutboxReport[] = [];
  const persist = vi.fn((_stored: StoredOutbox) => {});
  const parent = setup({
    types: { events: {} as OutboxReport },
    actors: {
      outbox: outboxMachine.provide({
        actors: {
          restore: fromPromise(async () => effects.stored ?? null),
          replay: fromPromise(({ input }: { input: QueuedChange[] }) =>
            (effects.replay ?? (async () => Promise.reject(new Error('offline'))))(input),
          ),
        },
        actions: { persist: (_, stored) => persist(stored) },
      }),
    },
  }).createMachine({
    invoke: { id: 'outbox', src: 'outbox', input: { owner: 'avalencia' } },
    on: { '*': { actions: ({ event }) => void reports.push(event) } },
  });
  const actor = createActor(parent).start();
  const outbox = actor.getSnapshot().children.outbox as ReturnType<
    typeof createActor<typeof outboxMachine>
  >;
  return { outbox, reports, persist };
}

describe('outbox', () => {
  it('a later change of the same field replaces the earlier one and keeps its base and place', () => {
    const list = merged(merged(merged([], done(1)), starred(2)), {
      ...done(1),
      change: { completed_on: null },
      base: { completed_on: T },
    });
    expect(list).toEqual([
      { ...done(1), change: { completed_on: null }, base: { completed_on: null } },
      starred(2),
    ]);
  });

  it('the signed-in person’s stored changes are restored and shown on their tasks as waiting', async () => {
    const { outbox, reports } = outboxWith({
      stored: { owner: 'avalencia', changes: [done(2), starred(3)] },
    });
    await vi.waitFor(() => expect(outbox.getSnapshot().value).toBe('retrying'));
    expect(outbox.getSnapshot().context.changes).toEqual([done(2), starred(3)]);
    expect(reports).toEqual([
      { type: 'outbox.tell', id: 2, event: { type: 'task.queue', change: done(2).change } },
      { type: 'outbox.tell', id: 3, event: { type: 'task.queue', change: starred(3).change } },
    ]);
  });

  it('another person’s stored changes are forgotten, in storage too (issue 44: nothing of one person for another)', async () => {
    const { outbox, reports, persist } = outboxWith({
      stored: { owner: 'bkim', changes: [done(2)] },
    });
    await vi.waitFor(() => expect(outbox.getSnapshot().value).toBe('waiting'));
    expect(outbox.getSnapshot().context.changes).toEqual([]);
    expect(persist).toHaveBeenCalledWith({ owner: 'avalencia', changes: [] });
    expect(reports).toEqual([]);
  });

  it('back online, the changes are sent in the order made; each settles its task, and a refused one is told', async () => {
    const replay = vi.fn(async (changes: QueuedChange[]): Promise<Settled[]> => [
      sent(changes[0]!),
      { kind: 'conflict', change: changes[1]!, userTask: userTask(2, { starred: false }) },
    ]);
    const { outbox, reports, persist } = outboxWith({ replay });
    await vi.waitFor(() => expect(outbox.getSnapshot().value).toBe('waiting'));
    outbox.send({ type: 'outbox.add', change: done(1) });
    outbox.send({ type: 'outbox.add', change: starred(2) });
    expect(persist).toHaveBeenLastCalledWith({
      owner: 'avalencia',
      changes: [done(1), starred(2)],
    });
    outbox.send({ type: 'outbox.online' });
    await vi.waitFor(() => expect(outbox.getSnapshot().context.changes).toEqual([]));
    expect(replay).toHaveBeenCalledWith([done(1), starred(2)]);
    expect(persist).toHaveBeenLastCalledWith({ owner: 'avalencia', changes: [] });
    expect(reports.map((r) => (r.type === 'outbox.tell' ? r.event.type : r.type))).toEqual([
      'task.replayed',
      'task.replayed',
      'outbox.refused',
    ]);
  });

  it('still unreachable, every change waits for the next try', async () => {
    const { outbox } = outboxWith({ stored: { owner: 'avalencia', changes: [done(1)] } });
    await vi.waitFor(() => expect(outbox.getSnapshot().value).toBe('retrying'));
    expect(outbox.getSnapshot().context.changes).toEqual([done(1)]);
  });

  it('a Mark done made offline is sent when the connection returns, also when the first try after the return fails: it is tried again after a while, each wait longer, at most a minute', async () => {
    vi.useFakeTimers();
    try {
      let fail = true;
      const replay = vi.fn(async (changes: QueuedChange[]) => {
        if (fail) throw new Error('offline');
        return changes.map(sent);
      });
      const { outbox } = outboxWith({ stored: { owner: 'avalencia', changes: [done(1)] }, replay });
      await vi.waitFor(() => expect(outbox.getSnapshot().value).toBe('retrying'));
      expect(replay).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(3_000);
      expect(replay).toHaveBeenCalledTimes(2);
      // The second wait is twice the first.
      await vi.advanceTimersByTimeAsync(3_000);
      expect(replay).toHaveBeenCalledTimes(2);
      fail = false;
      await vi.advanceTimersByTimeAsync(3_000);
      expect(replay).toHaveBeenCalledTimes(3);
      expect(outbox.getSnapshot().value).toBe('waiting');
      expect(outbox.getSnapshot().context).toMatchObject({ changes: [], tries: 0 });
    } finally {
      vi.useRealTimers();
    }
    expect(retryDelay(1)).toBe(3_000);
    expect(retryDelay(3)).toBe(12_000);
    expect(retryDelay(6)).toBe(60_000);
  });

  it('a change made again while the first was on its way stays to be sent', async () => {
    let answer: (settled: Settled[]) => void = () => {};
    const { outbox } = outboxWith({
      stored: { owner: 'avalencia', changes: [starred(1)] },
      replay: () => new Promise((resolve) => (answer = resolve)),
    });
    await vi.waitFor(() => expect(outbox.getSnapshot().value).toBe('sending'));
    outbox.send({ type: 'outbox.add', change: starred(1, false) });
    answer([sent(starred(1))]);
    await vi.waitFor(() => expect(outbox.getSnapshot().value).toBe('retrying'));
    expect(outbox.getSnapshot().context.changes).toEqual([
      { ...starred(1, false), base: { starred: false } },
    ]);
  });

  it('a connection that returns while a replay begun offline is on its way begins it again at once; the first one’s failure is not waited for', async () => {
    const attempts: Array<(outcome: Settled[] | Error) => void> = [];
    const { outbox } = outboxWith({
      stored: { owner: 'avalencia', changes: [done(1)] },
      replay: () =>
        new Promise((resolve, reject) =>
          attempts.push((outcome) =>
            outcome instanceof Error ? reject(outcome) : resolve(outcome),
          ),
        ),
    });
    await vi.waitFor(() => expect(outbox.getSnapshot().value).toBe('sending'));
    // Back online while the first attempt, made offline, has not failed yet.
    outbox.send({ type: 'outbox.online' });
    await vi.waitFor(() => expect(attempts).toHaveLength(2));
    attempts[0]?.(new Error('offline'));
    expect(outbox.getSnapshot().value).toBe('sending');
    attempts[1]?.([sent(done(1))]);
    await vi.waitFor(() => expect(outbox.getSnapshot().context.changes).toEqual([]));
    // A failure with no return meanwhile waits for the next one, as before.
    outbox.send({ type: 'outbox.add', change: starred(2) });
    outbox.send({ type: 'outbox.online' });
    await vi.waitFor(() => expect(attempts).toHaveLength(3));
    attempts[2]?.(new Error('offline'));
    await vi.waitFor(() => expect(outbox.getSnapshot().value).toBe('retrying'));
    expect(attempts).toHaveLength(3);
  });

  it('a connection that returns while a replay begun offline is on its way sends again, also when the first one would end with nothing sent', async () => {
    const attempts: Array<(outcome: Settled[]) => void> = [];
    const { outbox } = outboxWith({
      stored: { owner: 'avalencia', changes: [done(1)] },
      replay: () => new Promise((resolve) => attempts.push(resolve)),
    });
    await vi.waitFor(() => expect(outbox.getSnapshot().value).toBe('sending'));
    // Back online while the first attempt, made offline, is on its way; it then ends, nothing sent.
    outbox.send({ type: 'outbox.online' });
    await vi.waitFor(() => expect(attempts).toHaveLength(2));
    attempts[0]?.([]);
    expect(outbox.getSnapshot().value).toBe('sending');
    attempts[1]?.([sent(done(1))]);
    await vi.waitFor(() => expect(outbox.getSnapshot().value).toBe('waiting'));
    expect(outbox.getSnapshot().context.changes).toEqual([]);
    // Ending with nothing sent and no return meanwhile waits for the next one, as before.
    outbox.send({ type: 'outbox.add', change: starred(2) });
    outbox.send({ type: 'outbox.online' });
    await vi.waitFor(() => expect(attempts).toHaveLength(3));
    attempts[2]?.([]);
    await vi.waitFor(() => expect(outbox.getSnapshot().value).toBe('retrying'));
    expect(attempts).toHaveLength(3);
  });
});
