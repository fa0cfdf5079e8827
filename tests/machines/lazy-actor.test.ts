import { describe, expect, it } from 'vitest';
import { assign, createActor, sendParent, setup, waitFor } from 'xstate';
import { lazyActor } from '../../src/machines/lazy-actor.js';

type Said = { type: 'say'; word: string };

/** A child that tells its parent every word it hears. */
const echo = setup({ types: { events: {} as Said } }).createMachine({
  on: { say: { actions: sendParent(({ event }) => ({ type: 'heard', word: event.word })) } },
});

/** A parent of a lazy child, writing down what the child tells it. */
function parentOf(load: () => Promise<typeof echo>) {
  return setup({
    types: {
      context: {} as { heard: string[] },
      events: {} as { type: 'heard'; word: string } | { type: 'leave' },
    },
    actors: { child: lazyActor<Said>(load) },
  }).createMachine({
    context: { heard: [] },
    initial: 'with',
    states: {
      with: {
        invoke: { id: 'child', src: 'child' },
        on: { leave: 'without' },
      },
      without: {},
    },
    on: {
      heard: { actions: assign({ heard: ({ context, event }) => [...context.heard, event.word] }) },
    },
  });
}

describe('a child whose code loads when it starts (issue 63)', () => {
  it('what its parent sent before the code loaded reaches it in order, and its answers reach the parent', async () => {
    const parent = createActor(parentOf(async () => echo)).start();
    const child = parent.getSnapshot().children.child;
    child?.send({ type: 'say', word: 'one' });
    child?.send({ type: 'say', word: 'two' });
    const done = await waitFor(parent, (s) => s.context.heard.length === 2);
    expect(done.context.heard).toEqual(['one', 'two']);
  });

  it('a child stopped before its code loaded starts nothing', async () => {
    let release: (logic: typeof echo) => void = () => {};
    const parent = createActor(
      parentOf(() => new Promise((resolve) => (release = resolve))),
    ).start();
    parent.getSnapshot().children.child?.send({ type: 'say', word: 'late' });
    parent.send({ type: 'leave' });
    release(echo);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(parent.getSnapshot().context.heard).toEqual([]);
  });
});
