import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { HttpStatusError } from '../../../src/api/errors.js';
import { student } from '../../machines/fixtures.js';
import { expectEveryStateChecked, screenPaths } from './model-helpers.js';
import { renderPortal } from './render-portal.js';

/** portal.md §4 Demo mode, as the user sees it: the label, the toggles and the reload at root. */
const demoScreen = createMachine({
  id: 'demoScreen',
  initial: 'closed',
  states: {
    closed: { on: { 'open.withDemoCookie': 'on', 'open.withoutDemoCookie': 'off' } },
    off: { on: { 'start.succeeds': 'reloadedAfterStart', 'start.fails': 'stillOff' } },
    stillOff: {},
    on: { on: { 'end.fromSidebar': 'reloadedAfterEnd', 'end.fromFooter': 'reloadedAfterEnd' } },
    reloadedAfterStart: {},
    reloadedAfterEnd: {},
  },
});

function harness() {
  let view: ReturnType<typeof renderPortal> | null = null;
  let answer: (active: boolean) => Promise<boolean> = async (active) => active;
  const calls: boolean[] = [];
  const open = async (demoActive: boolean) => {
    view = renderPortal('/', async () => ({ kind: 'user', user: student }), {
      demoActive,
      services: {
        setDemoState: (active) => {
          calls.push(active);
          return answer(active);
        },
      },
    });
    await screen.findByText('Hello Ana');
  };
  const left = () => view?.left ?? [];
  const sidebar = () => within(screen.getByRole('complementary'));
  const footer = () => within(screen.getByRole('contentinfo'));
  const states = {
    closed: () => {},
    off: () => {
      expect(sidebar().getByRole('button', { name: 'Start Demo' })).toBeEnabled();
      expect(screen.queryByText('DEMO')).not.toBeInTheDocument();
      expect(footer().queryByRole('button', { name: /Demo/ })).not.toBeInTheDocument();
    },
    stillOff: async () => {
      await waitFor(() =>
        expect(sidebar().getByRole('button', { name: 'Start Demo' })).toBeEnabled(),
      );
      expect(screen.queryByText('DEMO')).not.toBeInTheDocument();
      expect(left()).toEqual([]);
    },
    on: () => {
      expect(sidebar().getByText('DEMO')).toBeVisible();
      expect(sidebar().getByRole('button', { name: 'End Demo' })).toBeEnabled();
      expect(footer().getByRole('button', { name: 'End Demo' })).toBeEnabled();
    },
    reloadedAfterStart: async () => {
      await waitFor(() => expect(left()).toEqual(['/']));
      expect(calls).toEqual([true]);
    },
    reloadedAfterEnd: async () => {
      await waitFor(() => expect(left()).toEqual(['/']));
      expect(calls).toEqual([false]);
    },
  };
  const events = {
    'open.withDemoCookie': () => open(true),
    'open.withoutDemoCookie': () => open(false),
    'start.succeeds': () =>
      void fireEvent.click(sidebar().getByRole('button', { name: 'Start Demo' })),
    'start.fails': () => {
      answer = () => Promise.reject(new HttpStatusError(403, 'refused'));
      fireEvent.click(sidebar().getByRole('button', { name: 'Start Demo' }));
    },
    'end.fromSidebar': () =>
      void fireEvent.click(sidebar().getByRole('button', { name: 'End Demo' })),
    'end.fromFooter': () =>
      void fireEvent.click(footer().getByRole('button', { name: 'End Demo' })),
  };
  return { states, events };
}

describe('demo mode, as the user sees it', () => {
  it('checks every state of the model', () => {
    expectEveryStateChecked(demoScreen, harness().states);
  });

  it.each(screenPaths(demoScreen))('%s', async (_title, path) => {
    await path.test(harness());
  });

  it('offers no demo toggle to a user whose can_use_demo is false', async () => {
    renderPortal('/', async () => ({ kind: 'user', user: { ...student, can_use_demo: false } }));
    await screen.findByText('Hello Ana');
    expect(screen.queryByRole('button', { name: /Start Demo|End Demo/ })).not.toBeInTheDocument();
  });
});
