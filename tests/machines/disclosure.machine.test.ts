import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { disclosureMachine, selectIsOpen } from '../../src/machines/disclosure.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const events = [{ type: 'disclosure.toggle' }, { type: 'disclosure.open' }];

describe('disclosure machine', () => {
  it.each([true, false])('starts as its container decides (open: %s)', (open) => {
    const actor = createActor(disclosureMachine, { input: { open } }).start();
    expect(selectIsOpen(actor.getSnapshot())).toBe(open);
  });

  for (const open of [true, false]) {
    const paths = shortestPaths(disclosureMachine, events, { open });
    it.each(paths.map((p) => [pathTitle(p), p] as const))(
      `starting ${open ? 'open' : 'closed'}, a toggle flips it and "open" always leaves it open: %s`,
      (_title, { state, steps }) => {
        const opened = steps.filter((s) => s.event.type === 'disclosure.open').length > 0;
        const last = steps.at(-1)?.event.type;
        if (last === 'disclosure.open') expect(selectIsOpen(state)).toBe(true);
        if (!opened) {
          const toggles = steps.filter((s) => s.event.type === 'disclosure.toggle').length;
          expect(selectIsOpen(state)).toBe(toggles % 2 === 0 ? open : !open);
        }
      },
    );
  }
});
