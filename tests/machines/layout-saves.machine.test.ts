import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DashboardLayout } from '../../contract/dashboard.schema.js';
import type { Preferences } from '../../contract/preferences.schema.js';
import { layoutSavesMachine } from '../../src/machines/layout-saves.machine.js';
import { student } from './fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

const hiding = (block: 'whats-new' | 'event-calendar'): DashboardLayout => ({
  order: [],
  hidden: [block],
});
const saved: Preferences = student.preferences;

const events = [
  { type: 'layout.save', layout: hiding('whats-new') },
  { type: 'layout.save', layout: hiding('event-calendar') },
  { type: 'xstate.done.actor.saveLayout', output: saved },
  { type: 'xstate.error.actor.saveLayout', error: new Error('500') },
];

/** The saves with their reports kept, not sent to a parent. */
function saves(saveLayout: (layout: DashboardLayout) => Promise<Preferences>) {
  const reports: string[] = [];
  const actor = createActor(
    layoutSavesMachine.provide({
      actors: { saveLayout: fromPromise(({ input }) => saveLayout(input.layout)) },
      actions: {
        reportSaved: () => void reports.push('saved'),
        reportFailed: () => void reports.push('failed'),
      },
    }),
  ).start();
  return { actor, reports };
}

describe('layout saves (issue #30: each change of the dashboard is saved, one save at a time)', () => {
  // Alone, without the layout machine to report to.
  const alone = layoutSavesMachine.provide({
    actions: { reportSaved: () => {}, reportFailed: () => {} },
  });
  const paths = shortestPaths(alone, events, undefined);

  it('reaches idle, saving and failed', () => {
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(
      new Set(['idle', 'saving', 'failed']),
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'only a save under way is tagged saving, the newest layout is the one kept, and idle owes no save: %s',
    (_title, { state, steps }) => {
      expect(state.hasTag('saving')).toBe(state.matches('saving'));
      const last = steps.at(-1)?.event;
      if (last && 'layout' in last) expect(state.context.layout).toEqual(last.layout);
      if (state.matches('idle')) expect(state.context.dirty).toBe(false);
    },
  );

  it('layouts given during a save are saved after it, the newest only, then it reports once', async () => {
    const sent: DashboardLayout[] = [];
    let release = () => {};
    const { actor, reports } = saves(async (layout) => {
      sent.push(layout);
      if (sent.length === 1) await new Promise<void>((r) => (release = r));
      return { ...saved, dashboard_layout: layout };
    });
    actor.send({ type: 'layout.save', layout: hiding('whats-new') });
    actor.send({ type: 'layout.save', layout: hiding('event-calendar') });
    actor.send({ type: 'layout.save', layout: null });
    release();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toEqual([hiding('whats-new'), null]);
    expect(reports).toEqual(['saved']);
  });

  it('a failed save is reported and waits for the next layout', async () => {
    let calls = 0;
    const { actor, reports } = saves(async () => {
      calls += 1;
      if (calls === 1) throw new Error('500');
      return saved;
    });
    actor.send({ type: 'layout.save', layout: hiding('whats-new') });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(reports).toEqual(['failed']);
    actor.send({ type: 'layout.save', layout: null });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(reports).toEqual(['failed', 'saved']);
  });
});
