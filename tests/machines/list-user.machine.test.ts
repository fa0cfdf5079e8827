import { describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { listUserMachine, listUserWith } from '../../src/machines/list-user.machine.js';
import type { ListUserReport } from '../../src/machines/list-user.machine.js';
import { nextStepsUser } from '../lib/fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

const T = '2026-09-15T12:00:00.000Z';
const message = (id: number) => ({
  id,
  title: 'Welcome',
  body: 'Hello',
  created_on: T,
  user_acknowledged_on: null,
});
const user = nextStepsUser({ user_message: [message(5), message(6)] });
const boom = new Error('503');

const events = [
  { type: 'user.fetched', answer: { kind: 'user', user } },
  { type: 'user.fetched', answer: { kind: 'user', user: { ...user, user_message: [] } } },
  { type: 'message.acknowledge' },
  { type: 'xstate.done.actor.acknowledgeMessage', output: null },
  { type: 'xstate.error.actor.acknowledgeMessage', error: boom },
];

const quiet = listUserMachine.provide({ actions: { report: () => {} } });

describe('listUser machine paths', () => {
  const paths = shortestPaths(quiet, events);

  it('reaches idle and acknowledging', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['idle', 'acknowledging']));
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'acknowledges only while a message is held, and shows "acknowledging" exactly then: %s',
    (_title, { state }) => {
      expect(state.hasTag('acknowledging')).toBe(state.matches('acknowledging'));
      // An acknowledgement starts only for a message the person's record holds.
      if (state.matches('acknowledging')) expect(state.context.user).not.toBeNull();
    },
  );
});

/** The user child under a parent that records what it tells the list. */
function underParent(acknowledge: (id: number) => Promise<unknown>) {
  const reports: ListUserReport[] = [];
  const parent = setup({
    types: { children: {} as { user: 'user' } },
    actors: { user: listUserWith(acknowledge) },
  }).createMachine({
    invoke: { id: 'user', src: 'user' },
    on: { '*': { actions: ({ event }) => void reports.push(event as ListUserReport) } },
  });
  const child = createActor(parent).start().getSnapshot().children.user!;
  return { child, reports };
}

describe('listUser behaviour', () => {
  it('holds the record of each fetch of a signed-in user: the last one wins', () => {
    const actor = createActor(listUserMachine).start();
    expect(actor.getSnapshot().context.user).toBeNull();
    actor.send({ type: 'user.fetched', answer: { kind: 'user', user } });
    actor.send({
      type: 'user.fetched',
      answer: { kind: 'user', user: { ...user, first_name: 'Ana María' } },
    });
    expect(actor.getSnapshot().context.user?.first_name).toBe('Ana María');
    // An answer that names nobody signed in (a refetch after the session ended) keeps the record.
    actor.send({ type: 'user.fetched', answer: { kind: 'signed-out' } });
    expect(actor.getSnapshot().context.user?.first_name).toBe('Ana María');
  });

  it('next-steps.md §4 Messages: acknowledging the message sets user_acknowledged_on, after which messages are cleared', async () => {
    const ids: number[] = [];
    const { child, reports } = underParent(async (id) => ids.push(id));
    child.send({ type: 'user.fetched', answer: { kind: 'user', user } });
    child.send({ type: 'message.acknowledge' });
    await vi.waitFor(() => expect(reports).toEqual([{ type: 'message.acknowledged' }]));
    // The first message is the one shown, and the one acknowledged; then none is left.
    expect(ids).toEqual([5]);
    expect(child.getSnapshot().context).toMatchObject({ user: { user_message: [] } });
  });

  it('a failed acknowledgement keeps the messages and is told to the list, which counts it', async () => {
    const { child, reports } = underParent(async () => Promise.reject(boom));
    child.send({ type: 'user.fetched', answer: { kind: 'user', user } });
    child.send({ type: 'message.acknowledge' });
    await vi.waitFor(() => expect(reports).toEqual([{ type: 'message.failed', error: boom }]));
    expect(child.getSnapshot().context).toMatchObject({
      user: { user_message: [{ id: 5 }, { id: 6 }] },
    });
    expect(child.getSnapshot().value).toBe('idle');
  });

  it('with no message held, or before the record, acknowledging sends nothing', () => {
    const acknowledge = vi.fn(async () => null);
    const { child } = underParent(acknowledge);
    child.send({ type: 'message.acknowledge' });
    child.send({
      type: 'user.fetched',
      answer: { kind: 'user', user: { ...user, user_message: [] } },
    });
    child.send({ type: 'message.acknowledge' });
    expect(child.getSnapshot().value).toBe('idle');
    expect(acknowledge).not.toHaveBeenCalled();
  });

  it('a second acknowledge while one is on its way sends nothing more', async () => {
    let done = (_: unknown) => {};
    const acknowledge = vi.fn(() => new Promise((resolve) => (done = resolve)));
    const { child } = underParent(acknowledge);
    child.send({ type: 'user.fetched', answer: { kind: 'user', user } });
    child.send({ type: 'message.acknowledge' });
    child.send({ type: 'message.acknowledge' });
    expect(acknowledge).toHaveBeenCalledTimes(1);
    done(null);
    await vi.waitFor(() => expect(child.getSnapshot().value).toBe('idle'));
  });

  it('an acknowledgement the composition root did not provide fails, naming itself', async () => {
    const reports: ListUserReport[] = [];
    const parent = setup({
      types: { children: {} as { user: 'user' } },
      actors: { user: listUserMachine },
    }).createMachine({
      invoke: { id: 'user', src: 'user' },
      on: { '*': { actions: ({ event }) => void reports.push(event as ListUserReport) } },
    });
    const child = createActor(parent).start().getSnapshot().children.user!;
    child.send({ type: 'user.fetched', answer: { kind: 'user', user } });
    child.send({ type: 'message.acknowledge' });
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(String(reports[0]?.type === 'message.failed' && reports[0].error)).toContain(
      'acknowledgeMessage is provided by the composition root',
    );
  });
});
