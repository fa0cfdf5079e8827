import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { API_FAILURE_MESSAGE } from '../../src/api/api-failure.js';
import { HttpStatusError } from '../../src/api/errors.js';
import type { UserResult } from '../../src/api/user.js';
import { selectErrorState, selectUser } from '../../src/machines/app.machine.js';
import { selectFlashMessages } from '../../src/machines/flash.machine.js';
import { selectMobileOpen } from '../../src/machines/menu.machine.js';
import { selectModal } from '../../src/machines/modal.machine.js';
import { demoFailureMessage, portalMachine } from '../../src/machines/portal.machine.js';
import { createPortalShell, reportOutages } from '../../src/portal-shell.js';
import type { ShellServices } from '../../src/portal-shell.js';
import {
  integrationsAvailable,
  integrationsUnavailable,
  quietMessageServices,
  student,
} from './fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

const events = [
  { type: 'guard.statusChecked', status: integrationsUnavailable },
  { type: 'guard.userFetched', result: { kind: 'user', user: student } },
  { type: 'guard.failed', error: new HttpStatusError(500, 'broken') },
  { type: 'guard.cacheClearFailed' },
  { type: 'guard.signInRequired', url: '/auth/login?next=%2F' },
  { type: 'guard.loggingOut', url: '/auth/logout' },
  { type: 'demo.reloading', url: '/' },
  { type: 'demo.failed', turningOn: true },
  { type: 'app.initialised', user: student },
  { type: 'app.provisionalFound' },
  { type: 'http.outage' },
  { type: 'router.navigated' },
];

const quiet = portalMachine.provide({ actions: { leave: () => {}, logOut: () => {} } });

describe('portal machine', () => {
  const paths = shortestPaths(quiet, events, { demoActive: false });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'the modal hears who the user is at most once, after the app knows it (%s)',
    (_name, { state, steps }) => {
      const told = steps.filter((s) =>
        ['app.initialised', 'app.provisionalFound'].includes(s.event.type),
      );
      expect(state.hasTag('userKnown')).toBe(told.length > 0);
      // Every actor of the shell is running under its systemId whatever happened; the message
      // center and the banner once the app reported a signed-in user.
      const signedIn = told[0]?.event.type === 'app.initialised';
      expect(Object.keys(state.children).sort()).toEqual(
        [
          'app',
          'demo',
          'flash',
          'guard',
          'menu',
          'modal',
          ...(signedIn ? ['banner', 'messages'] : []),
        ].sort(),
      );
    },
  );
});

const navigate = (pathname: string, more: { authenticated?: boolean } = {}) => ({
  type: 'guard.navigate' as const,
  target: { pathname, search: '', hash: '' },
  authenticated: more.authenticated ?? false,
  errorState: 0,
  back: false,
  at: Date.now(),
});

/** The real portal system with fake calls; where it leaves to is recorded. */
function portal(services: Partial<ShellServices> = {}, user?: UserResult) {
  const left: string[] = [];
  const shell = createPortalShell({
    services: {
      messages: quietMessageServices,
      checkStatus: async () => integrationsAvailable,
      fetchUser: async () => user ?? { kind: 'user', user: student },
      clearCache: async () => ({ cleared: 0 }),
      refreshRoles: () => new Promise(() => {}),
      setDemoState: async (active) => active,
      loadProfile: async () => null,
      findPost: async () => null,
      ...services,
    },
    demoActive: false,
    leave: (url) => left.push(url),
  });
  return { ...shell, left };
}

describe('the portal composition', () => {
  it('the user the guard fetched becomes the app user, and the modal then loads the profile', async () => {
    const loads: string[] = [];
    const { guard, app, modal } = portal({ loadProfile: async () => (loads.push('x'), null) });
    guard.send(navigate('/'));
    await waitFor(app, (s) => selectUser(s) !== null);
    await waitFor(modal, (s) => s.matches({ profile: 'loaded' }));
    expect(loads).toEqual(['x']);
  });

  it('the message center and the banner are actors of the portal system, started once the user is known', async () => {
    const reads: string[] = [];
    const { guard, portal: root } = portal({
      messages: {
        ...quietMessageServices,
        loadMessages: async () => (reads.push('messages'), { messages: [], nudges: [] }),
        loadAlerts: async () => (reads.push('alerts'), { checked: true, alerts: [] }),
      },
    });
    expect(root.system.get('messages')).toBeUndefined();
    guard.send(navigate('/'));
    await waitFor(root, (s) => s.hasTag('userKnown'));
    expect(root.system.get('messages')).toBe(root.getSnapshot().children.messages);
    expect(root.system.get('banner')).toBe(root.getSnapshot().children.banner);
    expect(reads.sort()).toEqual(['alerts', 'messages']);
  });

  it('a provisional account opens the provisional modal, and has no message center', async () => {
    const { guard, modal, portal: root } = portal({}, { kind: 'provisional' });
    guard.send(navigate('/'));
    await waitFor(modal, (s) => selectModal(s)?.kind === 'provisional');
    expect(root.getSnapshot().children.messages).toBeUndefined();
  });

  it('unavailable integrations found by the status check set error state 1', async () => {
    const { guard, app } = portal({ checkStatus: async () => integrationsUnavailable });
    guard.send(navigate('/'));
    await waitFor(app, (s) => selectErrorState(s) === 1);
  });

  it('a failed status check sets error state 2', async () => {
    const { guard, app } = portal({
      checkStatus: () => Promise.reject(new HttpStatusError(500, 'broken')),
    });
    guard.send(navigate('/'));
    await waitFor(app, (s) => selectErrorState(s) === 2);
  });

  it('a failed user fetch sets error state 2, though the status answered', async () => {
    const { guard, app } = portal({
      fetchUser: () => Promise.reject(new HttpStatusError(500, 'broken')),
    });
    guard.send(navigate('/'));
    await waitFor(app, (s) => selectErrorState(s) === 2);
  });

  it('/logout signs the app out, then leaves for the backend logout address', async () => {
    const { guard, app, left } = portal();
    guard.send(navigate('/'));
    await waitFor(app, (s) => s.hasTag('initialised'));
    guard.send(navigate('/logout', { authenticated: true }));
    await waitFor(app, (s) => s.hasTag('signedOut'));
    expect(left).toEqual(['/auth/logout']);
  });

  it('a failed demo toggle says so in a flash message and records an API error', async () => {
    const { demo, flash, app } = portal({ setDemoState: () => Promise.reject(new Error('403')) });
    demo.send({ type: 'demo.toggle', source: 'sidebar' });
    await waitFor(flash, (s) => selectFlashMessages(s).length === 1);
    expect(selectFlashMessages(flash.getSnapshot())[0]?.message).toBe(demoFailureMessage(true));
    expect(app.getSnapshot().context.errors).toEqual([
      { type: 'api', component: 'demo', message: API_FAILURE_MESSAGE },
    ]);
  });

  it('a successful demo toggle from the sidebar reloads the portal at its root', async () => {
    const { demo, left } = portal();
    demo.send({ type: 'demo.toggle', source: 'sidebar' });
    await new Promise((r) => setTimeout(r, 0));
    expect(left).toEqual(['/']);
  });

  it('an outage from any call sets error state 3; other failures do not', () => {
    const { portal: root, app } = portal();
    const report = reportOutages(root);
    report(new HttpStatusError(404, 'not found'));
    expect(selectErrorState(app.getSnapshot())).toBe(0);
    report(new HttpStatusError(503, 'maintenance'));
    expect(selectErrorState(app.getSnapshot())).toBe(3);
  });

  it('a navigation closes the open menus', () => {
    const { portal: root, menu } = portal();
    menu.send({ type: 'menu.toggle' });
    expect(selectMobileOpen(menu.getSnapshot())).toBe(true);
    root.send({ type: 'router.navigated' });
    expect(selectMobileOpen(menu.getSnapshot())).toBe(false);
  });
});
