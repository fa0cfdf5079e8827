import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  createSectionMachine,
  sectionMachine,
  selectSectionStatus,
} from '../../src/machines/section.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const events = [
  { type: 'xstate.done.actor.load', output: { holds: 1 } },
  { type: 'xstate.done.actor.load', output: null },
  { type: 'xstate.error.actor.load', error: new Error('500') },
  { type: 'section.retry' },
  { type: 'section.reload' },
];

describe('section machine', () => {
  const paths = shortestPaths(sectionMachine, events);

  it('reaches loading, loaded, empty and failed', () => {
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(
      new Set(['loading', 'loaded', 'empty', 'failed']),
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'shows data only once loaded, and keeps it on screen while a reload runs: %s',
    (_title, path) => {
      const status = selectSectionStatus(path.state);
      if (status === 'loaded') expect(path.state.context.data).not.toBeNull();
      if (status === 'empty' || status === 'error') expect(path.state.context.data).toBeNull();
    },
  );

  it('a failed load is reported once with its error, and a retry loads again', async () => {
    const reported: unknown[] = [];
    let calls = 0;
    const machine = createSectionMachine<string[]>((d) => d.length === 0).provide({
      actors: {
        load: fromPromise(async () => {
          calls += 1;
          if (calls === 1) throw new Error('SIS down');
          return ['Registration hold'];
        }),
      },
      actions: { reportFailure: (_, error) => reported.push(error) },
    });
    const actor = createActor(machine).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(selectSectionStatus(actor.getSnapshot())).toBe('error');
    expect(reported).toHaveLength(1);
    actor.send({ type: 'section.retry' });
    await new Promise((r) => setTimeout(r, 0));
    expect(selectSectionStatus(actor.getSnapshot())).toBe('loaded');
    expect(actor.getSnapshot().context.data).toEqual(['Registration hold']);
    expect(reported).toHaveLength(1);
  });

  it('data the section calls empty shows the empty state, not a blank block', async () => {
    const machine = createSectionMachine<string[]>((d) => d.length === 0).provide({
      actors: { load: fromPromise(async (): Promise<string[]> => []) },
    });
    const actor = createActor(machine).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(selectSectionStatus(actor.getSnapshot())).toBe('empty');
  });
});
