import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { demoMachine, selectIsDemo } from '../../src/machines/demo.machine.js';
import type { DemoSource } from '../../src/machines/demo.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const events = [
  { type: 'demo.toggle', source: 'sidebar' },
  { type: 'demo.toggle', source: 'footer' },
  { type: 'xstate.done.actor.startDemo', output: true },
  { type: 'xstate.error.actor.startDemo', error: new Error('403') },
  { type: 'xstate.done.actor.endDemo', output: false },
  { type: 'xstate.error.actor.endDemo', error: new Error('503') },
];

const quiet = demoMachine.provide({ actions: { reloadAtRoot: () => {} } });

function demoActor(active: boolean, answer: (input: { active: boolean }) => Promise<boolean>) {
  const log: string[] = [];
  const actor = createActor(
    demoMachine.provide({
      actors: {
        setDemoState: fromPromise(async ({ input }) => {
          log.push(`demo-state:${input.active}`);
          return answer(input);
        }),
      },
      actions: {
        reloadAtRoot: () => log.push('reload:/'),
        reportFailure: () => log.push('failure'),
      },
    }),
    { input: { active } },
  ).start();
  return { actor, log };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('demo machine', () => {
  for (const active of [false, true]) {
    const paths = shortestPaths(quiet, events, { active });

    it(`reaches off, on and reloading (cookie ${active ? 'set' : 'unset'} at start)`, () => {
      const reached = new Set(paths.map((p) => String(p.state.value)));
      expect(reached).toContain('reloading');
      expect(reached).toContain(active ? 'turningOff' : 'turningOn');
    });

    it.each(paths.map((p) => [pathTitle(p), p] as const))(
      `keeps its invariant after %s (cookie ${active ? 'set' : 'unset'})`,
      (_name, { state, steps }) => {
        expect(selectIsDemo(state)).toBe(state.matches('on') || state.matches('turningOff'));
        if (state.matches('reloading')) {
          // The footer reloads only when leaving demo.
          const last = steps.at(-1)?.event.type;
          if (last === 'xstate.done.actor.startDemo') expect(state.context.source).toBe('sidebar');
        }
        if (steps.length === 0) expect(selectIsDemo(state)).toBe(active);
      },
    );
  }

  it('demo state is active at start when the cookie is set', () => {
    expect(selectIsDemo(demoActor(true, async () => true).actor.getSnapshot())).toBe(true);
    expect(selectIsDemo(demoActor(false, async () => true).actor.getSnapshot())).toBe(false);
  });

  it('"Start Demo" runs the demo-state action and then reloads at root', async () => {
    const { actor, log } = demoActor(false, async ({ active }) => active);
    actor.send({ type: 'demo.toggle', source: 'sidebar' });
    await settle();
    expect(log).toEqual(['demo-state:true', 'reload:/']);
  });

  it.each<DemoSource>(['sidebar', 'footer'])(
    '"End Demo" runs the demo-state action and then reloads at root (from the %s)',
    async (source) => {
      const { actor, log } = demoActor(true, async ({ active }) => active);
      actor.send({ type: 'demo.toggle', source });
      await settle();
      expect(log).toEqual(['demo-state:false', 'reload:/']);
    },
  );

  it('in the footer the reload happens only when leaving demo', async () => {
    const { actor, log } = demoActor(false, async ({ active }) => active);
    actor.send({ type: 'demo.toggle', source: 'footer' });
    await settle();
    expect(log).toEqual(['demo-state:true']);
    expect(selectIsDemo(actor.getSnapshot())).toBe(true);
  });

  it('a failed demo-state action keeps the current mode and is reported', async () => {
    const { actor, log } = demoActor(false, () => Promise.reject(new Error('403')));
    actor.send({ type: 'demo.toggle', source: 'sidebar' });
    await settle();
    expect(log).toEqual(['demo-state:true', 'failure']);
    expect(selectIsDemo(actor.getSnapshot())).toBe(false);
  });
});
