import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { flashMachine, selectFlashMessages } from '../../src/machines/flash.machine.js';
import { pathTitle, shortestPaths } from './paths.js';
import { said } from './said.js';

/** Messages of the catalogue, as the portal pushes them (issue 59). */
const SAVED = { id: 'saved', message: 'Saved' };
const DEMO_ON = { id: 'demo-on', message: 'Demo mode is on' };

const events = [
  { type: 'flash.push', message: SAVED },
  { type: 'flash.push', message: DEMO_ON },
  { type: 'flash.expire', id: 0 },
  { type: 'flash.expire', id: 1 },
  { type: 'flash.dismiss', id: 0 },
  { type: 'flash.dismiss', id: 1 },
];

/** Ids grow with every message; the messages shown are what counts. */
const serializeState = (s: ReturnType<typeof flashMachine.getInitialSnapshot>) =>
  JSON.stringify({ value: s.value, shown: s.context.messages.map((m) => said(m.message)) });

describe('flash machine', () => {
  const paths = shortestPaths(flashMachine, events, undefined, { serializeState });

  it('reaches empty and showing', () => {
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(new Set(['empty', 'showing']));
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'keeps its invariant after %s',
    (_name, { state }) => {
      const messages = selectFlashMessages(state);
      expect(state.hasTag('visible')).toBe(messages.length > 0);
      expect(new Set(messages.map((m) => said(m.message))).size).toBe(messages.length);
      expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
    },
  );

  it('flash messages auto-dismiss after 5 seconds', () => {
    const clock = new SimulatedClock();
    const flash = createActor(flashMachine, { clock }).start();
    flash.send({ type: 'flash.push', message: SAVED });
    clock.increment(2_000);
    flash.send({ type: 'flash.push', message: DEMO_ON });
    clock.increment(2_999);
    expect(selectFlashMessages(flash.getSnapshot()).map((m) => said(m.message))).toEqual([
      'Saved',
      'Demo mode is on',
    ]);
    clock.increment(1);
    expect(selectFlashMessages(flash.getSnapshot()).map((m) => said(m.message))).toEqual([
      'Demo mode is on',
    ]);
    clock.increment(2_000);
    expect(selectFlashMessages(flash.getSnapshot())).toEqual([]);
    expect(flash.getSnapshot().hasTag('visible')).toBe(false);
  });

  it('a dismissed message goes at once and its timer no longer counts', () => {
    const clock = new SimulatedClock();
    const flash = createActor(flashMachine, { clock }).start();
    flash.send({ type: 'flash.push', message: SAVED });
    flash.send({ type: 'flash.dismiss', id: 0 });
    expect(selectFlashMessages(flash.getSnapshot())).toEqual([]);
    flash.send({ type: 'flash.push', message: SAVED });
    clock.increment(5_000);
    expect(selectFlashMessages(flash.getSnapshot())).toEqual([]);
  });

  it('the same message is not shown twice at once', () => {
    const flash = createActor(flashMachine).start();
    flash.send({ type: 'flash.push', message: SAVED });
    flash.send({ type: 'flash.push', message: SAVED });
    expect(selectFlashMessages(flash.getSnapshot())).toHaveLength(1);
    flash.stop();
  });
});
