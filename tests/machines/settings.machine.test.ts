import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  selectChanged,
  selectChoices,
  selectSaveFailed,
  selectSaved,
  selectSelected,
  settingsMachine,
} from '../../src/machines/settings.machine.js';
import type { ChoicesData } from '../../src/machines/settings.machine.js';
import { shortestPaths } from './paths.js';

const data: ChoicesData = {
  pk: 4,
  choices: [
    { id: 1, name: 'Email reminders' },
    { id: 2, name: 'Weekly summary' },
  ],
  selected: [1],
};
const events = [
  { type: 'xstate.done.actor.load', output: data },
  { type: 'xstate.error.actor.load', error: new Error('503') },
  { type: 'xstate.done.actor.save', output: null },
  { type: 'xstate.error.actor.save', error: new Error('503') },
  { type: 'settings.toggle', id: 2 },
  { type: 'settings.save' },
  { type: 'settings.retry' },
];

describe('settings machine', () => {
  const paths = shortestPaths(settingsMachine, events);

  it.each(
    paths.map((p) => [p.steps.map((s) => s.event.type).join(' → ') || '(start)', p] as const),
  )(
    'only offers known choices, saves each tick as it is made, and says saved only once the server holds every tick: %s',
    (_name, path) => {
      const { context } = path.state;
      const known = context.data?.choices.map((c) => c.id) ?? [];
      expect(context.selected.every((id) => known.includes(id))).toBe(true);
      const last = path.steps.at(-1)?.event.type;
      if (context.saved) {
        expect(last).toBe('xstate.done.actor.save');
        expect(selectChanged(path.state)).toBe(false);
      }
      // A tick never waits for a Save: it is on its way, or the last save failed and says so.
      if (selectChanged(path.state)) {
        expect(path.state.hasTag('pending') || selectSaveFailed(path.state)).toBe(true);
      }
    },
  );

  it('a tick saves at once; ticks made while it saves are saved together when it ends', async () => {
    const reportSaved = vi.fn();
    const answers: Array<() => void> = [];
    const save = vi.fn(
      (_args: { input: { pk: number; selected: number[] } }) =>
        new Promise<unknown>((resolve) => answers.push(() => resolve(null))),
    );
    const actor = createActor(
      settingsMachine.provide({
        actors: { load: fromPromise(async () => data), save: fromPromise(save) },
        actions: { reportSaved },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'settings.toggle', id: 2 });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    actor.send({ type: 'settings.toggle', id: 1 });
    actor.send({ type: 'settings.toggle', id: 2 });
    answers.shift()?.();
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(selectSaved(actor.getSnapshot())).toBe(false);
    answers.shift()?.();
    await vi.waitFor(() => expect(selectSaved(actor.getSnapshot())).toBe(true));
    expect(save.mock.calls.map(([call]) => call.input.selected)).toEqual([[1, 2], []]);
    expect(reportSaved).toHaveBeenCalledTimes(1);
    expect(selectChanged(actor.getSnapshot())).toBe(false);
  });

  it('a failed save is reported and said, and settings.save tries the unsaved ticks again', async () => {
    const reportFailure = vi.fn();
    const reportSaved = vi.fn();
    const save = vi.fn(
      async (_args: { input: { pk: number; selected: number[] } }): Promise<unknown> => {
        if (save.mock.calls.length === 1) throw new Error('503');
        return null;
      },
    );
    const actor = createActor(
      settingsMachine.provide({
        actors: { load: fromPromise(async () => data), save: fromPromise(save) },
        actions: { reportFailure, reportSaved },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'settings.toggle', id: 2 });
    await vi.waitFor(() => expect(reportFailure).toHaveBeenCalledTimes(1));
    expect(selectSaveFailed(actor.getSnapshot())).toBe(true);
    expect(selectChanged(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'settings.save' });
    await vi.waitFor(() => expect(reportSaved).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenLastCalledWith(
      expect.objectContaining({ input: { pk: 4, selected: [1, 2] } }),
    );
    expect(selectSaveFailed(actor.getSnapshot())).toBe(false);
  });

  it('no choices show before they are loaded, and the ticked ones stay in ascending order', async () => {
    const many: ChoicesData = {
      pk: 4,
      choices: [2, 9, 10, 11].map((id) => ({ id, name: `Choice ${id}` })),
      selected: [10],
    };
    const actor = createActor(
      settingsMachine.provide({ actors: { load: fromPromise(async () => many) } }),
    ).start();
    expect(selectChoices(actor.getSnapshot())).toEqual([]);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(selectChoices(actor.getSnapshot())).toEqual(many.choices);
    actor.send({ type: 'settings.toggle', id: 9 });
    actor.send({ type: 'settings.toggle', id: 11 });
    // Each tick starts a save the test leaves unprovided: the order is the point here.
    actor.send({ type: 'settings.toggle', id: 2 });
    expect(selectSelected(actor.getSnapshot())).toEqual([2, 9, 10, 11]);
    actor.send({ type: 'settings.toggle', id: 10 });
    expect(selectSelected(actor.getSnapshot())).toEqual([2, 9, 11]);
  });

  it('a screen whose load or save the composition root did not provide fails and reports it', async () => {
    const reportFailure = vi.fn();
    const bare = createActor(settingsMachine.provide({ actions: { reportFailure } })).start();
    await vi.waitFor(() => expect(bare.getSnapshot().hasTag('failed')).toBe(true));
    expect(reportFailure).toHaveBeenCalledTimes(1);

    const noSave = createActor(
      settingsMachine.provide({
        actors: { load: fromPromise(async () => data) },
        actions: { reportFailure },
      }),
    ).start();
    await vi.waitFor(() => expect(noSave.getSnapshot().matches('ready')).toBe(true));
    noSave.send({ type: 'settings.toggle', id: 2 });
    await vi.waitFor(() => expect(reportFailure).toHaveBeenCalledTimes(2));
    expect(selectSaved(noSave.getSnapshot())).toBe(false);
  });
});
