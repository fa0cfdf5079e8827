/**
 * The dashboard layout's saves (issue #30, portal.md §2 Dashboard), a child of
 * dashboard-layout.machine.ts (id `layoutSaves`): each layout it is given is saved, one save at a
 * time; a layout given while one is under way is saved after it, the newest only. It reports
 * `layout.saved` with the person's preferences as the portal keeps them, or `layout.failed`; a
 * failed save waits for the next change.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { DashboardLayout } from '../../contract/dashboard.schema.js';
import type { Preferences } from '../../contract/preferences.schema.js';

export type LayoutSavesEvent = { type: 'layout.save'; layout: DashboardLayout };

/** What the saves tell the layout machine. */
export type LayoutSavesReport =
  { type: 'layout.saved'; preferences: Preferences } | { type: 'layout.failed'; error: unknown };

interface LayoutSavesContext {
  /** The newest layout given. */
  layout: DashboardLayout;
  /** A layout was given while a save was under way: save again once it ends. */
  dirty: boolean;
}

export const layoutSavesMachine = setup({
  types: { context: {} as LayoutSavesContext, events: {} as LayoutSavesEvent },
  actors: {
    saveLayout: fromPromise<Preferences, { layout: DashboardLayout }>(async () => {
      throw new Error('saveLayout is provided by the container');
    }),
  },
  actions: {
    take: assign({ layout: ({ event }) => event.layout }),
    reportSaved: sendParent((_, preferences: Preferences): LayoutSavesReport => ({
      type: 'layout.saved',
      preferences,
    })),
    reportFailed: sendParent((_, error: unknown): LayoutSavesReport => ({
      type: 'layout.failed',
      error,
    })),
  },
  guards: { isDirty: ({ context }) => context.dirty },
}).createMachine({
  id: 'layoutSaves',
  context: { layout: null, dirty: false },
  initial: 'idle',
  states: {
    idle: { on: { 'layout.save': { target: 'saving', actions: 'take' } } },
    saving: {
      tags: ['saving'],
      entry: assign({ dirty: false }),
      on: { 'layout.save': { actions: ['take', assign({ dirty: true })] } },
      invoke: {
        id: 'saveLayout',
        src: 'saveLayout',
        input: ({ context }) => ({ layout: context.layout }),
        onDone: [
          { guard: 'isDirty', target: 'saving', reenter: true },
          {
            target: 'idle',
            actions: { type: 'reportSaved', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'reportFailed',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    failed: { on: { 'layout.save': { target: 'saving', actions: 'take' } } },
  },
});
