import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectionMachine } from '../../src/machines/connection.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const events = [
  { type: 'answer.kept', at: '2026-11-25T17:41:00.000Z' },
  { type: 'answer.kept', at: '2026-11-25T17:30:00.000Z' },
  { type: 'answer.fresh' },
  { type: 'notice.dismiss' },
];

describe('connection machine', () => {
  const paths = shortestPaths(connectionMachine, events);

  it('reaches online, offline and reconnected', () => {
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(
      new Set(['online', 'offline', 'reconnected']),
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'the page says it is offline exactly when its last answer since a fresh one was a kept copy, and shows when the oldest of those was current: %s',
    (_title, { state, steps }) => {
      const lastFresh = steps.map((s) => s.event.type).lastIndexOf('answer.fresh');
      const keptSince = steps
        .slice(lastFresh + 1)
        .flatMap((s) => ('at' in s.event && typeof s.event.at === 'string' ? [s.event.at] : []));
      const offline = state.hasTag('offline');
      const lastKept = steps.map((s) => s.event.type).lastIndexOf('answer.kept');
      expect(offline).toBe(lastKept > lastFresh);
      if (offline) expect(state.context.keptAt).toBe([...keptSince].sort()[0]);
      else expect(state.context.keptAt).toBeNull();
    },
  );

  it('back online after being offline, the notice stays until dismissed', () => {
    const connection = createActor(connectionMachine).start();
    connection.send({ type: 'answer.fresh' });
    expect(connection.getSnapshot().value).toBe('online');
    connection.send({ type: 'answer.kept', at: '2026-11-25T17:41:00.000Z' });
    connection.send({ type: 'answer.fresh' });
    expect(connection.getSnapshot().value).toBe('reconnected');
    connection.send({ type: 'notice.dismiss' });
    expect(connection.getSnapshot().value).toBe('online');
  });

  it('tells once that the server answers again, on the first fresh answer after kept ones only', () => {
    const connection = createActor(connectionMachine).start();
    const back = vi.fn();
    connection.on('connection.back', back);
    connection.send({ type: 'answer.fresh' });
    connection.send({ type: 'answer.kept', at: '2026-11-25T17:41:00.000Z' });
    expect(back).not.toHaveBeenCalled();
    connection.send({ type: 'answer.fresh' });
    connection.send({ type: 'answer.fresh' });
    connection.send({ type: 'notice.dismiss' });
    expect(back).toHaveBeenCalledTimes(1);
  });
});
