import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { defaultCampus } from '../../../contract/campus.schema.js';
import { createHttp } from '../../../src/api/client.js';
import { HttpStatusError } from '../../../src/api/errors.js';
import { STATUS_FRESH_MS } from '../../../src/machines/guard-reads.machine.js';
import { reportOutages } from '../../../src/portal-shell.js';
import { integrationsAvailable, student } from '../../machines/fixtures.js';
import { expectEveryStateChecked, screenPaths } from './model-helpers.js';
import { renderPortal } from './render-portal.js';

/** portal.md §2 Error screen, §4 error states: what replaces the page, and when. */
const errorScreens = createMachine({
  id: 'errorScreens',
  initial: 'page',
  states: {
    page: {
      on: {
        'status.fails': 'screen500',
        'call.answers503': 'screen503',
        'call.loses.network': 'screen503',
        'call.answers500': 'pageWithError',
      },
    },
    pageWithError: {},
    screen500: { on: { 'call.answers503': 'screen503' } },
    screen503: {},
  },
});

function harness() {
  let statusFails = false;
  let report: (error: unknown) => void = () => {};
  // One API client for the calls a data block would make, wired like main.tsx wires the real one.
  const answers: Array<() => Promise<Response>> = [];
  const http = createHttp({
    baseUrl: 'http://portal.test/api',
    fetch: () => (answers.shift() ?? (async () => Response.json({})))(),
    onFailure: (error) => report(error),
  });
  const view = renderPortal('/', async () => ({ kind: 'user', user: student }), {
    services: {
      checkStatus: async () => {
        if (statusFails) throw new HttpStatusError(500, 'broken');
        return integrationsAvailable;
      },
    },
  });
  report = reportOutages(view.portal);
  const call = async (answer: () => Promise<Response>) => {
    answers.push(answer);
    await http.get('integrations/finti/holds').catch(() => {});
  };
  const bothLinks = () => {
    expect(screen.getByRole('link', { name: /head back and retry/i })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: /send feedback/i })).toHaveAttribute(
      'href',
      defaultCampus.links.feedback,
    );
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  };
  const states = {
    page: async () => {
      expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: /\((500|503) Error\)/ })).toBeNull();
    },
    pageWithError: async () => {
      expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: /\((500|503) Error\)/ })).toBeNull();
    },
    screen500: async () => {
      expect(await screen.findByRole('heading', { name: 'Uh-oh! (500 Error)' })).toBeVisible();
      expect(
        screen.getByText("Something went wrong with this app. It's our fault, not yours."),
      ).toBeVisible();
      bothLinks();
    },
    screen503: async () => {
      expect(
        await screen.findByRole('heading', { name: 'One moment, please (503 Error)' }),
      ).toBeVisible();
      expect(
        screen.getByText(
          /the portal is currently undergoing maintenance or otherwise unavailable/i,
        ),
      ).toBeVisible();
      expect(screen.getByText(/the portal will return/i)).toBeVisible();
      bothLinks();
    },
  };
  const events = {
    'status.fails': async () => {
      statusFails = true;
      // The guard reuses a status answer for 30 seconds: this navigation comes later than that.
      const later = Date.now() + STATUS_FRESH_MS;
      vi.spyOn(Date, 'now').mockReturnValue(later);
      await view.router.navigate({ to: '/finances' });
    },
    'call.answers503': () => call(async () => Response.json({ detail: 'x' }, { status: 503 })),
    'call.answers500': () => call(async () => Response.json({ detail: 'x' }, { status: 500 })),
    'call.loses.network': () => call(() => Promise.reject(new TypeError('Failed to fetch'))),
  };
  return { states, events };
}

describe('the error screens, as the user sees them', () => {
  afterEach(() => vi.restoreAllMocks());

  it('checks every state of the model', () => {
    expectEveryStateChecked(errorScreens, harness().states);
  });

  it.each(screenPaths(errorScreens))('%s', async (_title, path) => {
    await path.test(harness());
  });
});
