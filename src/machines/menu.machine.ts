/**
 * The menus (portal.md §2 Layout and Safety menu, §4): the mobile menu and the safety menu toggle
 * open and closed; the safety menu closes on Escape, a press outside, tabbing out or choosing an
 * entry (`safety.close`, sent by the shared menu disclosure in src/ui); following a link closes both.
 */
import { setup } from 'xstate';

export type MenuEvent =
  | { type: 'menu.toggle' }
  | { type: 'safety.toggle' }
  | { type: 'safety.close' }
  | { type: 'menu.navigated' };

export const menuMachine = setup({
  types: { events: {} as MenuEvent },
}).createMachine({
  id: 'menu',
  type: 'parallel',
  states: {
    mobile: {
      initial: 'closed',
      states: {
        closed: { on: { 'menu.toggle': 'open' } },
        open: {
          tags: ['mobileOpen'],
          on: { 'menu.toggle': 'closed', 'menu.navigated': 'closed' },
        },
      },
    },
    safety: {
      initial: 'closed',
      states: {
        closed: { on: { 'safety.toggle': 'open' } },
        open: {
          tags: ['safetyOpen'],
          on: {
            'safety.toggle': 'closed',
            'safety.close': 'closed',
            'menu.navigated': 'closed',
          },
        },
      },
    },
  },
});

export const selectMobileOpen = (snapshot: { hasTag: (tag: string) => boolean }) =>
  snapshot.hasTag('mobileOpen');
export const selectSafetyOpen = (snapshot: { hasTag: (tag: string) => boolean }) =>
  snapshot.hasTag('safetyOpen');
