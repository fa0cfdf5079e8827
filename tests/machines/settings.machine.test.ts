import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  selectChanged,
  selectChoices,
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
    'only offers known choices, is saved only after the server answers, and counts as changed only while it differs from what the store holds: %s',
    (_name, path) => {
      const { context } = path.state;
      const known = context.data?.choices.map((c) => c.id) ?? [];
      expect(context.selected.every((id) => known.includes(id))).toBe(true);
      const last = path.steps.at(-1)?.event.type;
      expect(context.saved).toBe(last === 'xstate.done.actor.save');
      // What the store holds: the loaded selection, then the selection of the last save answered.
      const answered = path.steps.map((s) => s.event.type);
      const lastSave = answered.lastIndexOf('xstate.done.actor.save');
      const toggles = answered.slice(lastSave + 1).filter((t) => t === 'settings.toggle').length;
      if (context.data) expect(selectChanged(path.state)).toBe(toggles % 2 === 1);
      else expect(selectChanged(path.state)).toBe(false);
    },
  );

  it('a failure to load or to save is reported, and saving sends the ticked ids', async () => {
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
    actor.send({ type: 'settings.save' });
    await vi.waitFor(() => expect(reportFailure).toHaveBeenCalledTimes(1));
    actor.send({ type: 'settings.save' });
    await vi.waitFor(() => expect(reportSaved).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenLastCalledWith(
      expect.objectContaining({ input: { pk: 4, selected: [1, 2] } }),
    );
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
    noSave.send({ type: 'settings.save' });
    await vi.waitFor(() => expect(reportFailure).toHaveBeenCalledTimes(2));
    expect(selectSaved(noSave.getSnapshot())).toBe(false);
  });
});
