import { moreOf } from '../../src/lib/more-pages.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { AnyActorRef } from 'xstate';
import type { MessagePage } from '../../contract/messages.schema.js';
import { messagePagesMachine } from '../../src/machines/message-pages.machine.js';
import { message, messagePage } from '../lib/message-fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

/** Issue 87: the page after `cursor-1`, the last. */
const page: MessagePage = messagePage([message(20), message(10)]);

const events = [
  { type: 'pages.more', after: 'cursor-1' },
  { type: 'xstate.done.actor.loadMore', output: page },
  { type: 'xstate.error.actor.loadMore', error: new Error('500') },
];

/** A stand-in for the message center (messages.machine.ts): records what it is sent. */
function center() {
  const told: unknown[] = [];
  const actor = createActor(
    fromCallback(({ receive }) => receive((event) => void told.push(event))),
  ).start();
  return { actor: actor as unknown as AnyActorRef, told };
}

afterEach(() => vi.restoreAllMocks());

describe('"Show more messages" machine (issue 87)', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const paths = shortestPaths(
    messagePagesMachine,
    events,
    { center: center().actor },
    { serializeState: (s) => JSON.stringify([s.value, s.context.after]) },
  );

  it('reaches loading a page and its failure', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toEqual(new Set(['"idle"', '"more"', '"failed"']));
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'loads the page after the cursor it was asked for, and says loading only then: %s',
    (_title, { state, steps }) => {
      const last = steps.at(-1)?.event;
      if (state.matches('more')) {
        expect(last?.type).toBe('pages.more');
        expect(state.context.after).toBe('cursor-1');
        expect(moreOf(state, false)).toBe('loading');
      } else {
        // With no next page there is nothing to show more of, failed or not.
        expect(moreOf(state, true)).toBe('none');
        expect(moreOf(state, false)).toBe(state.matches('failed') ? 'failed' : 'ready');
      }
    },
  );
});

describe('loading a page for the message center', () => {
  it('hands the page to the center; a failed one is only logged, and asking again loads it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { actor: messages, told } = center();
    const asked: string[] = [];
    let fail = true;
    const pages = createActor(
      messagePagesMachine.provide({
        actors: {
          loadMore: fromPromise(async ({ input }) => {
            asked.push(input.after);
            if (fail) throw new Error('500');
            return page;
          }),
        },
      }),
      { input: { center: messages as never } },
    ).start();
    pages.send({ type: 'pages.more', after: 'cursor-1' });
    await vi.waitFor(() => expect(pages.getSnapshot().hasTag('failed')).toBe(true));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(told).toEqual([]);
    fail = false;
    pages.send({ type: 'pages.more', after: 'cursor-1' });
    await vi.waitFor(() => expect(told).toEqual([{ type: 'messages.page', page }]));
    expect(asked).toEqual(['cursor-1', 'cursor-1']);
    expect(pages.getSnapshot().value).toBe('idle');
  });
});
