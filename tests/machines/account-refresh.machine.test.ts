import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  accountRefreshMachine,
  selectRefreshFailed,
  selectRefreshing,
} from '../../src/machines/account-refresh.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const events = [
  { type: 'refresh.start' },
  { type: 'xstate.done.actor.clearCaches', output: undefined },
  { type: 'xstate.error.actor.clearCaches', error: new Error('500') },
];

describe('account refresh machine', () => {
  const paths = shortestPaths(accountRefreshMachine, events);

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'is busy only while the caches clear, and failed only after a failed clear: %s',
    (_title, { state, steps }) => {
      const last = steps.at(-1)?.event.type;
      expect(selectRefreshing(state)).toBe(last === 'refresh.start');
      expect(selectRefreshFailed(state)).toBe(last === 'xstate.error.actor.clearCaches');
    },
  );

  it('the sections reload only after the server caches were cleared', async () => {
    const order: string[] = [];
    const actor = createActor(
      accountRefreshMachine.provide({
        actors: {
          clearCaches: fromPromise(async () => {
            order.push('cleared');
          }),
        },
      }),
    ).start();
    actor.on('refresh.done', () => order.push('reloaded'));
    actor.send({ type: 'refresh.start' });
    await waitFor(actor, (s) => !selectRefreshing(s));
    expect(order).toEqual(['cleared', 'reloaded']);
  });
});
