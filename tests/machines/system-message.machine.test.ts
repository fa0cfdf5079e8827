import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { systemMessageMachine } from '../../src/machines/system-message.machine.js';
import type { SystemMessageReport } from '../../src/machines/system-message.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const boom = new Error('503');
const events = [
  { type: 'message.acknowledge', id: 5 },
  { type: 'xstate.done.actor.acknowledgeMessage', output: null },
  { type: 'xstate.error.actor.acknowledgeMessage', error: boom },
];

const quiet = systemMessageMachine.provide({
  actions: { reportAcknowledged: () => {}, reportFailure: () => {} },
});

describe('systemMessage machine paths', () => {
  const paths = shortestPaths(quiet, events);

  it('reaches idle and acknowledging', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['idle', 'acknowledging']));
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'shows "acknowledging" exactly while the acknowledgement is on its way: %s',
    (_title, { state }) => {
      expect(state.hasTag('acknowledging')).toBe(state.matches('acknowledging'));
    },
  );
});

function underParent(acknowledge: (id: number) => Promise<unknown>) {
  const reports: SystemMessageReport[] = [];
  const parent = createMachine({
    invoke: {
      id: 'systemMessage',
      src: systemMessageMachine.provide({
        actors: {
          acknowledgeMessage: fromPromise(({ input }: { input: { id: number } }) =>
            acknowledge(input.id),
          ),
        },
      }),
    },
    on: { '*': { actions: ({ event }) => void reports.push(event as SystemMessageReport) } },
  });
  const actor = createActor(parent).start();
  return { child: actor.getSnapshot().children.systemMessage!, reports };
}

describe('systemMessage behaviour', () => {
  it('acknowledges the message the list names and tells the list, which clears the messages', async () => {
    const ids: number[] = [];
    const { child, reports } = underParent(async (id) => ids.push(id));
    child.send({ type: 'message.acknowledge', id: 5 });
    await new Promise((r) => setTimeout(r, 0));
    expect(ids).toEqual([5]);
    expect(reports).toEqual([{ type: 'message.acknowledged' }]);
  });

  it('a failed acknowledgement is reported to the list, which counts it', async () => {
    const { child, reports } = underParent(async () => Promise.reject(boom));
    child.send({ type: 'message.acknowledge', id: 5 });
    await new Promise((r) => setTimeout(r, 0));
    expect(reports).toEqual([{ type: 'message.failed', error: boom }]);
  });
});
