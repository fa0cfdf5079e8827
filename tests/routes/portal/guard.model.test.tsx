import type { Status } from '../../../contract/status.schema.js';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { HttpStatusError } from '../../../src/api/errors.js';
import type { UserResult } from '../../../src/api/user.js';
import { integrationsAvailable, student } from '../../machines/fixtures.js';
import { deferred, expectEveryStateChecked, screenPaths } from './model-helpers.js';
import { renderPortal } from './render-portal.js';
import { NetworkError } from '../../../src/api/errors.js';

/** What the user sees while the guard of portal.md §2 runs on opening /academics. */
const guardScreen = createMachine({
  id: 'guardScreen',
  initial: 'checking',
  states: {
    checking: {
      on: { 'status.ok': 'fetchingUser', 'status.fails': 'screen500', 'status.down': 'screen503' },
    },
    fetchingUser: {
      on: {
        'user.signedIn': 'page',
        'user.signedOut': 'sentToLogin',
        'user.provisional': 'provisional',
        'user.down': 'screen503',
      },
    },
    page: { on: { 'page.logout': 'loggedOut' } },
    sentToLogin: {},
    provisional: {},
    screen500: {},
    screen503: {},
    loggedOut: {},
  },
});

const OPENED = '/academics?term=202501#grades';

function harness() {
  const status = deferred<Status>();
  const user = deferred<UserResult>();
  let statusCalls = 0;
  const view = renderPortal(OPENED, () => user.promise, {
    services: {
      checkStatus: () =>
        statusCalls++ === 0 ? status.promise : Promise.resolve(integrationsAvailable),
    },
  });
  const noMenu = () =>
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  const states = {
    checking: async () => {
      expect(await screen.findByText('Loading…')).toBeInTheDocument();
      noMenu();
      expect(view.left).toEqual([]);
    },
    fetchingUser: async () => {
      expect(await screen.findByText('Loading…')).toBeInTheDocument();
      noMenu();
      expect(view.left).toEqual([]);
    },
    page: async () => {
      expect(await screen.findByRole('heading', { level: 1, name: 'Academics' })).toBeVisible();
      expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
      expect(view.left).toEqual([]);
    },
    sentToLogin: async () => {
      await waitFor(() =>
        expect(view.left).toEqual([`/auth/sign-in?next=${encodeURIComponent(OPENED)}`]),
      );
      noMenu();
    },
    provisional: async () => {
      expect(
        await screen.findByRole('dialog', { name: 'Please log in with your Odin account' }),
      ).toBeInTheDocument();
      noMenu();
    },
    screen500: async () => {
      expect(await screen.findByRole('heading', { name: 'Uh-oh! (500 Error)' })).toBeVisible();
      expect(view.left).toEqual([]);
    },
    screen503: async () => {
      expect(
        await screen.findByRole('heading', { name: 'One moment, please (503 Error)' }),
      ).toBeVisible();
      expect(view.left).toEqual([]);
    },
    loggedOut: async () => {
      await waitFor(() => expect(view.left).toEqual(['/auth/logout']));
    },
  };
  const events = {
    'status.ok': async () => status.resolve(integrationsAvailable),
    'status.fails': async () => status.reject(new HttpStatusError(500, 'broken')),
    'status.down': async () => status.reject(new HttpStatusError(503, 'maintenance')),
    'user.signedIn': async () => user.resolve({ kind: 'user', user: student }),
    'user.signedOut': async () => user.resolve({ kind: 'signed-out' }),
    'user.provisional': async () => user.resolve({ kind: 'provisional' }),
    'user.down': async () => user.reject(new NetworkError(new TypeError('Failed to fetch'))),
    // The navigation never completes: the browser leaves for the logout address.
    'page.logout': async () => void view.router.navigate({ to: '/logout' }),
  };
  return { states, events };
}

describe('the guard, as the user sees it', () => {
  it('checks every state of the model', () => {
    expectEveryStateChecked(guardScreen, harness().states);
  });

  it.each(screenPaths(guardScreen))('%s', async (_title, path) => {
    await path.test(harness());
  });
});
