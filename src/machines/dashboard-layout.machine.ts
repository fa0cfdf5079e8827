/**
 * issue #30 (portal.md §2 Dashboard): the person's own dashboard. In Customise mode blocks move up
 * and down, hide (with Undo) and show again, and the layout resets to the role's default; each change
 * is announced and saved at once by layout-saves.machine.ts (id `layoutSaves`). Mandatory blocks
 * cannot be hidden: mandatory-blocks.machine.ts (id `mandatoryBlocks`) reads the staff's list.
 * Leaving Customise keeps the layout.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { ALWAYS_MANDATORY } from '../../contract/dashboard.schema.js';
import type { DashboardBlock, DashboardLayout } from '../../contract/dashboard.schema.js';
import type { Preferences } from '../../contract/preferences.schema.js';
import { layoutChange } from './dashboard-layout.changes.js';
import type { LayoutChange } from './dashboard-layout.changes.js';
import { layoutSavesMachine } from './layout-saves.machine.js';
import type { LayoutSavesReport } from './layout-saves.machine.js';
import { mandatoryBlocksMachine } from './mandatory-blocks.machine.js';
import type { MandatoryBlocksReport } from './mandatory-blocks.machine.js';

export { layoutSavesMachine, mandatoryBlocksMachine };

export interface DashboardLayoutContext {
  layout: DashboardLayout;
  mandatory: DashboardBlock[];
  /** The layout before the last hide, while it may be undone. */
  undo: { layout: DashboardLayout; block: DashboardBlock } | null;
  /** What the last change said (issue 59: the screen translates it), null before the first. */
  announcement: MessageDescriptor | null;
}

export type DashboardLayoutEvent =
  | { type: 'dashboard.customise' }
  | { type: 'dashboard.finish' }
  | LayoutChange
  | LayoutSavesReport
  | MandatoryBlocksReport;

export const dashboardLayoutMachine = setup({
  types: {
    context: {} as DashboardLayoutContext,
    events: {} as DashboardLayoutEvent,
    input: {} as { layout: DashboardLayout },
  },
  actors: {
    /** The saves, one at a time, and the staff's list (the container provides their calls). */
    layoutSaves: layoutSavesMachine,
    mandatoryBlocks: mandatoryBlocksMachine,
  },
  actions: {
    reportSaved: (_, _preferences: Preferences) => {},
    logFailure: (_, _error: unknown) => {},
    takeMandatory: assign({ mandatory: (_, blocks: DashboardBlock[]) => blocks }),
    saveChange: sendTo('layoutSaves', ({ context }) => ({
      type: 'layout.save' as const,
      layout: context.layout,
    })),
    // Run by the five change transitions only: their events are the changes.
    change: assign(({ context, event }) => layoutChange(context, event as LayoutChange)),
  },
  guards: {
    canMove: ({ event }) => {
      if (event.type !== 'dashboard.move') return false;
      const at = event.shown.indexOf(event.block);
      return at >= 0 && event.shown[at + event.by] !== undefined;
    },
    isHideable: ({ context, event }) =>
      event.type === 'dashboard.hide' && !context.mandatory.includes(event.block),
    hasUndo: ({ context }) => context.undo !== null,
  },
}).createMachine({
  id: 'dashboardLayout',
  context: ({ input }) => ({
    layout: input.layout,
    mandatory: [...ALWAYS_MANDATORY],
    undo: null,
    announcement: null,
  }),
  invoke: [
    { id: 'layoutSaves', src: 'layoutSaves' },
    { id: 'mandatoryBlocks', src: 'mandatoryBlocks' },
  ],
  on: {
    'blocks.mandatory': { actions: { type: 'takeMandatory', params: ({ event }) => event.blocks } },
    'layout.saved': { actions: { type: 'reportSaved', params: ({ event }) => event.preferences } },
    'layout.failed': {
      actions: [
        assign({ announcement: msg`Your layout could not be saved. It is kept on this page.` }),
        { type: 'logFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
      ],
    },
  },
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        'dashboard.customise': {
          target: 'customising',
          actions: assign({ announcement: msg`Customising the dashboard.` }),
        },
      },
    },
    customising: {
      tags: ['customising'],
      on: {
        'dashboard.finish': {
          target: 'viewing',
          actions: assign({ undo: null, announcement: msg`Dashboard layout kept.` }),
        },
        'dashboard.move': { guard: 'canMove', actions: ['change', 'saveChange'] },
        'dashboard.hide': { guard: 'isHideable', actions: ['change', 'saveChange'] },
        'dashboard.show': { actions: ['change', 'saveChange'] },
        'dashboard.undo': { guard: 'hasUndo', actions: ['change', 'saveChange'] },
        'dashboard.reset': { actions: ['change', 'saveChange'] },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof dashboardLayoutMachine>;
export const selectCustomising = (s: Snapshot) => s.hasTag('customising');
/** Whether a save is under way (the saves' own actor). */
export const selectSaving = (s: Snapshot) =>
  s.children.layoutSaves?.getSnapshot().hasTag('saving') ?? false;
export const selectLayout = (s: Snapshot) => s.context.layout;
export const selectMandatory = (s: Snapshot) => s.context.mandatory;
export const selectAnnouncement = (s: Snapshot) => s.context.announcement;
export const selectUndoBlock = (s: Snapshot) => s.context.undo?.block ?? null;
