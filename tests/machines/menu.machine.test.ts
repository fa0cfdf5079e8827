import { describe, expect, it } from 'vitest';
import {
  menuMachine,
  selectMobileOpen,
  selectSafetyOpen,
} from '../../src/machines/menu.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const events = [
  { type: 'menu.toggle' },
  { type: 'safety.toggle' },
  { type: 'safety.close' },
  { type: 'menu.navigated' },
];

describe('menu machine', () => {
  const paths = shortestPaths(menuMachine, events);

  it('reaches all four combinations of the mobile and safety menus', () => {
    const reached = new Set(
      paths.map((p) => `${selectMobileOpen(p.state)}/${selectSafetyOpen(p.state)}`),
    );
    expect(reached).toEqual(new Set(['false/false', 'true/false', 'false/true', 'true/true']));
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'keeps its invariant after %s',
    (_name, { state, steps }) => {
      const last = steps.at(-1)?.event.type;
      // Following a link closes both; a click outside closes the safety menu.
      if (last === 'menu.navigated') {
        expect(selectMobileOpen(state)).toBe(false);
        expect(selectSafetyOpen(state)).toBe(false);
      }
      if (last === 'safety.close') expect(selectSafetyOpen(state)).toBe(false);
      expect(selectMobileOpen(state)).toBe(state.matches({ mobile: 'open' }));
    },
  );
});
