import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { appUpdateMachine } from '../../src/machines/app-update.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const events = [{ type: 'update.ready' }, { type: 'update.reload' }, { type: 'update.later' }];

describe('app update machine', () => {
  const paths = shortestPaths(appUpdateMachine, events);

  it('reaches current, ready, later and reloading', () => {
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(
      new Set(['current', 'ready', 'later', 'reloading']),
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'a new version never takes over silently: it reloads only after the person chose Reload while one was ready: %s',
    (_title, { state, steps }) => {
      const reloadAt = steps.findIndex((s) => s.event.type === 'update.reload');
      const reloading = state.value === 'reloading';
      expect(reloading).toBe(reloadAt >= 0);
      // The notice shows while a version waits and while the page reloads into it, never after Later.
      expect(state.hasTag('notice')).toBe(state.value === 'ready' || reloading);
      expect(state.hasTag('reloading')).toBe(reloading);
      if (reloading) {
        expect(steps.slice(0, reloadAt).some((s) => s.event.type === 'update.ready')).toBe(true);
      }
    },
  );

  it('switches to the new version once, when the person chooses Reload', () => {
    const switchToNewVersion = vi.fn();
    const update = createActor(
      appUpdateMachine.provide({ actions: { switchToNewVersion } }),
    ).start();
    update.send({ type: 'update.reload' });
    expect(switchToNewVersion).not.toHaveBeenCalled();
    update.send({ type: 'update.ready' });
    update.send({ type: 'update.reload' });
    update.send({ type: 'update.reload' });
    expect(switchToNewVersion).toHaveBeenCalledTimes(1);
  });

  it('"Later" hides the notice until the next version is ready', () => {
    const update = createActor(appUpdateMachine).start();
    update.send({ type: 'update.ready' });
    update.send({ type: 'update.later' });
    expect(update.getSnapshot().value).toBe('later');
    update.send({ type: 'update.ready' });
    expect(update.getSnapshot().value).toBe('ready');
  });

  it('the switch to the new version is told to whoever holds the worker (update.switch), once', () => {
    const update = createActor(appUpdateMachine).start();
    const switched = vi.fn();
    update.on('update.switch', switched);
    update.send({ type: 'update.ready' });
    expect(switched).not.toHaveBeenCalled();
    update.send({ type: 'update.reload' });
    update.send({ type: 'update.reload' });
    expect(switched).toHaveBeenCalledTimes(1);
  });
});
