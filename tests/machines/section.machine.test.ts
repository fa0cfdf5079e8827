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

  const tick = () => new Promise((r) => setTimeout(r, 0));

  /** A section whose loads answer, in turn, with the given results (an Error fails that load). */
  function sectionAnswering<T>(isEmpty: ((d: T) => boolean) | undefined, answers: (T | Error)[]) {
    const reported: unknown[] = [];
    let calls = 0;
    const machine = createSectionMachine<T>(isEmpty).provide({
      actors: {
        load: fromPromise(async (): Promise<T> => {
          const answer = answers[Math.min(calls, answers.length - 1)] as T | Error;
          calls += 1;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
      actions: { reportFailure: (_, error) => reported.push(error) },
    });
    return { actor: createActor(machine).start(), reported };
  }

  it('a section starts out loading, tagged so, with its load running under the id "load"', () => {
    const { actor } = sectionAnswering<string[]>((d) => d.length === 0, [['Hold']]);
    const s = actor.getSnapshot();
    expect(selectSectionStatus(s)).toBe('loading');
    expect(s.hasTag('loading')).toBe(true);
    expect(s.machine.id).toBe('section');
    expect(Object.keys(s.children)).toEqual(['load']);
    expect(s.context.data).toBeNull();
  });

  it('the failure reported is the error the load failed with', async () => {
    const down = new Error('SIS down');
    const { reported } = sectionAnswering<string[]>((d) => d.length === 0, [down]);
    await tick();
    expect(reported).toEqual([down]);
  });

  it('without an emptiness rule, any loaded data is shown, even an empty list', async () => {
    const { actor } = sectionAnswering<string[]>(undefined, [[]]);
    await tick();
    expect(selectSectionStatus(actor.getSnapshot())).toBe('loaded');
    expect(actor.getSnapshot().context.data).toEqual([]);
  });

  it('a section whose container provides no load fails instead of loading forever', async () => {
    const reported: unknown[] = [];
    const machine = createSectionMachine<string[]>().provide({
      actions: { reportFailure: (_, error) => reported.push(error) },
    });
    const actor = createActor(machine).start();
    await tick();
    expect(selectSectionStatus(actor.getSnapshot())).toBe('error');
    expect(reported).toHaveLength(1);
    expect((reported[0] as Error).message).toBe('load is provided by the container');
  });

  it('a reload of loaded data keeps it on screen while loading, then shows the new data', async () => {
    const { actor } = sectionAnswering<string[]>(
      (d) => d.length === 0,
      [['Hold'], ['Hold', 'Fee']],
    );
    await tick();
    actor.send({ type: 'section.reload' });
    expect(selectSectionStatus(actor.getSnapshot())).toBe('loading');
    expect(actor.getSnapshot().context.data).toEqual(['Hold']);
    await tick();
    expect(selectSectionStatus(actor.getSnapshot())).toBe('loaded');
    expect(actor.getSnapshot().context.data).toEqual(['Hold', 'Fee']);
  });

  it('loaded data that reloads empty is no longer shown', async () => {
    const { actor } = sectionAnswering<string[]>((d) => d.length === 0, [['Hold'], []]);
    await tick();
    actor.send({ type: 'section.reload' });
    await tick();
    expect(selectSectionStatus(actor.getSnapshot())).toBe('empty');
    expect(actor.getSnapshot().context.data).toBeNull();
  });

  it('loaded data whose reload fails is no longer shown, and the failure is reported', async () => {
    const down = new Error('SIS down');
    const { actor, reported } = sectionAnswering<string[]>((d) => d.length === 0, [['Hold'], down]);
    await tick();
    actor.send({ type: 'section.reload' });
    await tick();
    expect(selectSectionStatus(actor.getSnapshot())).toBe('error');
    expect(actor.getSnapshot().context.data).toBeNull();
    expect(reported).toEqual([down]);
  });

  it('an empty section reloads when asked and shows what the new load brings', async () => {
    const { actor } = sectionAnswering<string[]>((d) => d.length === 0, [[], ['Hold']]);
    await tick();
    expect(selectSectionStatus(actor.getSnapshot())).toBe('empty');
    actor.send({ type: 'section.reload' });
    expect(selectSectionStatus(actor.getSnapshot())).toBe('loading');
    await tick();
    expect(selectSectionStatus(actor.getSnapshot())).toBe('loaded');
  });

  it('a failed section loads again on a reload as on a retry', async () => {
    const { actor } = sectionAnswering<string[]>(
      (d) => d.length === 0,
      [new Error('500'), ['Hold']],
    );
    await tick();
    actor.send({ type: 'section.reload' });
    expect(selectSectionStatus(actor.getSnapshot())).toBe('loading');
    await tick();
    expect(selectSectionStatus(actor.getSnapshot())).toBe('loaded');
  });
});
