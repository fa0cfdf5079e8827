import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DashboardBlock, DashboardLayout } from '../../contract/dashboard.schema.js';
import type { Preferences } from '../../contract/preferences.schema.js';
import {
  dashboardLayoutMachine,
  layoutSavesMachine,
  mandatoryBlocksMachine,
  selectAnnouncement,
  selectCustomising,
  selectLayout,
  selectSaving,
  selectUndoBlock,
} from '../../src/machines/dashboard-layout.machine.js';
import { pathTitle, shortestPaths } from './paths.js';
import { activateLocale } from '../../src/lib/i18n.js';
import { said } from './said.js';

const saved: Preferences = {
  pk: 4,
  use_profile_photo: true,
  contact_by_email: true,
  contact_by_text: false,
  sms_number: null,
  theme: 'system',
  language: null,
  quiet_hours_start: '21:00',
  quiet_hours_end: '08:00',
  daily_digest: false,
  dashboard_layout: null,
};
const shown = ['profile-summary', 'event-calendar', 'whats-new'] as const;
const events = [
  { type: 'dashboard.customise' },
  { type: 'dashboard.finish' },
  { type: 'dashboard.move', block: 'event-calendar', by: -1, shown: [...shown] },
  { type: 'dashboard.hide', block: 'whats-new' },
  { type: 'dashboard.hide', block: 'profile-summary' },
  { type: 'dashboard.show', block: 'whats-new' },
  { type: 'dashboard.undo' },
  { type: 'dashboard.reset' },
  { type: 'layout.saved', preferences: saved },
  { type: 'layout.failed', error: new Error('500') },
  { type: 'blocks.mandatory', blocks: ['profile-summary', 'event-calendar'] },
];

describe('dashboard layout machine (issue #30: customise the dashboard)', () => {
  const paths = shortestPaths(dashboardLayoutMachine, events, { layout: null });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'mandatory blocks are never hidden, Undo is offered only after a hide while customising, and a change saves: %s',
    (_title, { state, steps }) => {
      const layout = selectLayout(state);
      expect(layout?.hidden ?? []).not.toContain('profile-summary');
      const undo = selectUndoBlock(state);
      if (undo !== null) expect(selectCustomising(state)).toBe(true);
      const last = steps.at(-1)?.event.type;
      if (last === 'dashboard.hide' && undo !== null)
        expect(said(selectAnnouncement(state))).toBe(`Here's What's New hidden.`);
      if (last === 'dashboard.reset') expect(layout).toBeNull();
      if (last === 'dashboard.finish') expect(selectCustomising(state)).toBe(false);
    },
  );

  it('changes are refused outside Customise mode', () => {
    const actor = createActor(dashboardLayoutMachine, { input: { layout: null } }).start();
    actor.send({ type: 'dashboard.hide', block: 'whats-new' });
    expect(selectLayout(actor.getSnapshot())).toBeNull();
  });

  it('a move is announced with the new position, and leaving Customise keeps the layout', () => {
    const actor = createActor(
      dashboardLayoutMachine.provide({
        actors: {
          layoutSaves: layoutSavesMachine.provide({
            actors: { saveLayout: fromPromise(async () => saved) },
          }),
          mandatoryBlocks: mandatoryBlocksMachine.provide({
            actors: { loadMandatory: fromPromise(async (): Promise<DashboardBlock[]> => []) },
          }),
        },
      }),
      { input: { layout: null } },
    ).start();
    actor.send({ type: 'dashboard.customise' });
    actor.send({ type: 'dashboard.move', block: 'whats-new', by: -1, shown: [...shown] });
    expect(said(selectAnnouncement(actor.getSnapshot()))).toBe(
      "Here's What's New moved to position 2 of 3.",
    );
    actor.send({ type: 'dashboard.finish' });
    const order = selectLayout(actor.getSnapshot())?.order ?? [];
    expect(order.indexOf('whats-new')).toBeLessThan(order.indexOf('event-calendar'));
  });

  it('Undo after hiding shows the block again; changes made during a save are saved after it, the last one last', async () => {
    const sent: DashboardLayout[] = [];
    let release = () => {};
    const actor = createActor(
      dashboardLayoutMachine.provide({
        actors: {
          layoutSaves: layoutSavesMachine.provide({
            actors: {
              saveLayout: fromPromise(async ({ input }) => {
                sent.push(input.layout);
                if (sent.length === 1) await new Promise<void>((r) => (release = r));
                return { ...saved, dashboard_layout: input.layout };
              }),
            },
          }),
          mandatoryBlocks: mandatoryBlocksMachine.provide({
            actors: { loadMandatory: fromPromise(async (): Promise<DashboardBlock[]> => []) },
          }),
        },
      }),
      { input: { layout: null } },
    ).start();
    actor.send({ type: 'dashboard.customise' });
    actor.send({ type: 'dashboard.hide', block: 'event-calendar' });
    expect(selectUndoBlock(actor.getSnapshot())).toBe('event-calendar');
    actor.send({ type: 'dashboard.undo' });
    expect(said(selectAnnouncement(actor.getSnapshot()))).toBe('Event Calendar shown again.');
    expect(selectLayout(actor.getSnapshot())).toBeNull();
    release();
    await waitFor(actor, (s) => !selectSaving(s) && sent.length === 2);
    expect(sent[0]?.hidden).toEqual(['event-calendar']);
    expect(sent[1]).toBeNull();
  });

  it('its announcements are messages of the catalogue: read in Spanish once the person chose it (issue 59)', async () => {
    const actor = createActor(
      dashboardLayoutMachine.provide({
        actors: {
          mandatoryBlocks: mandatoryBlocksMachine.provide({
            actors: { loadMandatory: fromPromise(async (): Promise<DashboardBlock[]> => []) },
          }),
        },
      }),
      { input: { layout: null } },
    ).start();
    actor.send({ type: 'dashboard.customise' });
    await activateLocale('es');
    try {
      expect(said(selectAnnouncement(actor.getSnapshot()))).toBe(
        'Está personalizando la página de Inicio.',
      );
    } finally {
      await activateLocale('en');
    }
    expect(said(selectAnnouncement(actor.getSnapshot()))).toBe('Customising the dashboard.');
  });

  it('a save the portal refuses says the layout is kept on this page, and the next change saves again', async () => {
    let calls = 0;
    const failures: unknown[] = [];
    const actor = createActor(
      dashboardLayoutMachine.provide({
        actors: {
          mandatoryBlocks: mandatoryBlocksMachine.provide({
            actors: { loadMandatory: fromPromise(async (): Promise<DashboardBlock[]> => []) },
          }),
          layoutSaves: layoutSavesMachine.provide({
            actors: {
              saveLayout: fromPromise(async () => {
                calls += 1;
                if (calls === 1) throw new Error('500');
                return saved;
              }),
            },
          }),
        },
        actions: { logFailure: (_, error) => void failures.push(error) },
      }),
      { input: { layout: null } },
    ).start();
    actor.send({ type: 'dashboard.customise' });
    actor.send({ type: 'dashboard.hide', block: 'whats-new' });
    await waitFor(actor, () => failures.length === 1);
    expect(said(selectAnnouncement(actor.getSnapshot()))).toBe(
      'Your layout could not be saved. It is kept on this page.',
    );
    expect(selectLayout(actor.getSnapshot())?.hidden).toEqual(['whats-new']);
    actor.send({ type: 'dashboard.show', block: 'whats-new' });
    await waitFor(actor, (s) => calls === 2 && !selectSaving(s));
  });

  it('a block staff made mandatory offers no hide', async () => {
    const actor = createActor(
      dashboardLayoutMachine.provide({
        actors: {
          mandatoryBlocks: mandatoryBlocksMachine.provide({
            actors: {
              loadMandatory: fromPromise(async (): Promise<DashboardBlock[]> => ['event-calendar']),
            },
          }),
        },
      }),
      { input: { layout: null } },
    ).start();
    await waitFor(actor, (s) => s.context.mandatory.includes('event-calendar'));
    actor.send({ type: 'dashboard.customise' });
    actor.send({ type: 'dashboard.hide', block: 'event-calendar' });
    expect(selectLayout(actor.getSnapshot())).toBeNull();
  });
});
