import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { API_FAILURE_MESSAGE } from '../../src/api/api-failure.js';
import { HttpStatusError } from '../../src/api/errors.js';
import type { UserResult } from '../../src/api/user.js';
import { selectApiErrors, selectErrorState, selectUser } from '../../src/machines/app.machine.js';
import { selectFlashMessages } from '../../src/machines/flash.machine.js';
import { selectMobileOpen } from '../../src/machines/menu.machine.js';
import { selectModal } from '../../src/machines/modal.machine.js';
import { portalMachine } from '../../src/machines/portal.machine.js';
import { demoFailureMessage } from '../../src/machines/portal-reports.js';
import { createPortalShell, reportOutages } from '../../src/portal-shell.js';
import type { ShellServices } from '../../src/portal-shell.js';
import {
  integrationsAvailable,
  integrationsUnavailable,
  quietMessageServices,
  staff,
  student,
} from './fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';
import { said } from './said.js';

/** Issue 88: a delegate the student shared Finances with. */
const SHARE = {
  delegation: 4,
  student_name: 'Ana Valencia',
  categories: ['finances' as const] as ('finances' | 'messages')[],
  ends_at: '2027-05-31T06:59:59.000Z',
};

const events = [
  { type: 'guard.statusChecked', status: integrationsUnavailable },
  { type: 'guard.userFetched', result: { kind: 'user', user: student } },
  { type: 'guard.failed', error: new HttpStatusError(500, 'broken') },
  { type: 'guard.cacheClearFailed' },
  { type: 'guard.signInRequired', url: '/auth/sign-in?next=%2F' },
  { type: 'guard.loggingOut', url: '/auth/logout' },
  { type: 'demo.reloading', url: '/' },
  { type: 'demo.failed', turningOn: true },
  { type: 'app.initialised', user: student },
  { type: 'app.provisionalFound' },
  { type: 'app.delegateFound', share: { ...SHARE, categories: ['messages'] } },
  { type: 'app.delegateFound', share: SHARE },
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
      const first = steps.find((s) => s.event.type.startsWith('app.'))?.event;
      expect(state.hasTag('userKnown')).toBe(
        told.length > 0 && first?.type !== 'app.delegateFound',
      );
      // Every actor of the shell is running under its systemId whatever happened; the message
      // center and the banner once the app reported a signed-in user; the message center alone
      // for a delegate shared the university's messages (issue 88).
      const signedIn = first?.type === 'app.initialised';
      const share = first?.type === 'app.delegateFound' && 'share' in first ? first.share : null;
      const delegateReads = z
        .object({ categories: z.array(z.string()) })
        .safeParse(share)
        .data?.categories.includes('messages');
      expect(Object.keys(state.children).sort()).toEqual(
        [
          'app',
          'appUpdate',
          'connection',
          'demo',
          'flash',
          'guard',
          'menu',
          'modal',
          ...(signedIn ? ['banner', 'messages'] : []),
          ...(delegateReads === true ? ['messages'] : []),
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
function portal(services: Partial<ShellServices> = {}, user?: UserResult, demoActive = false) {
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
    demoActive,
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
    expect(selectApiErrors(app.getSnapshot())).toEqual([
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

  it('a failed demo toggle says demo mode could not be started, or ended, and to try again in a moment', async () => {
    expect(said(demoFailureMessage(true))).toBe(
      'Demo mode could not be started. Please try again in a moment.',
    );
    const { demo, flash } = portal(
      { setDemoState: () => Promise.reject(new Error('403')) },
      undefined,
      true,
    );
    demo.send({ type: 'demo.toggle', source: 'sidebar' });
    await waitFor(flash, (s) => selectFlashMessages(s).length === 1);
    expect(said(selectFlashMessages(flash.getSnapshot())[0]!.message)).toBe(
      'Demo mode could not be ended. Please try again in a moment.',
    );
  });

  it('a portal opened in demo mode knows it, so the toggle ends demo mode', async () => {
    const asked: boolean[] = [];
    const { demo, left } = portal(
      { setDemoState: async (active) => (asked.push(active), active) },
      undefined,
      true,
    );
    demo.send({ type: 'demo.toggle', source: 'sidebar' });
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual([false]);
    expect(left).toEqual(['/']);
  });

  it('a signed-out user the guard fetched signs the app out and leaves for login, not the provisional modal', async () => {
    const { guard, app, modal, left } = portal({}, { kind: 'signed-out' });
    guard.send(navigate('/academics'));
    await waitFor(app, (s) => s.hasTag('signedOut'));
    expect(selectModal(modal.getSnapshot())?.kind).not.toBe('provisional');
    expect(left).toEqual([`/auth/sign-in?next=${encodeURIComponent('/academics')}`]);
  });

  it('available integrations leave error state 0, and integrations found again after a warning restore it', async () => {
    let status = integrationsAvailable;
    const { guard, app } = portal({ checkStatus: async () => status });
    guard.send(navigate('/'));
    await waitFor(guard, (s) => s.hasTag('passed'));
    expect(selectErrorState(app.getSnapshot())).toBe(0);
    status = integrationsUnavailable;
    guard.send({ ...navigate('/academics', { authenticated: true }), at: Date.now() + 60_000 });
    await waitFor(app, (s) => selectErrorState(s) === 1);
    status = integrationsAvailable;
    guard.send({ ...navigate('/finances', { authenticated: true }), at: Date.now() + 120_000 });
    await waitFor(app, (s) => selectErrorState(s) === 0);
  });

  it('a guard failure because the portal is unreachable sets error state 3, not 2', async () => {
    const { guard, app } = portal({
      checkStatus: () => Promise.reject(new HttpStatusError(503, 'maintenance')),
    });
    guard.send(navigate('/'));
    await waitFor(guard, (s) => s.hasTag('failed'));
    expect(selectErrorState(app.getSnapshot())).toBe(3);
  });

  it('the banner is started for the signed-in user: a student has a hold line, staff do not', async () => {
    const bannerOf = async (user: typeof student) => {
      const { guard, portal: root } = portal({}, { kind: 'user', user });
      guard.send(navigate('/'));
      await waitFor(root, (s) => s.hasTag('userKnown'));
      return root.getSnapshot().children.banner?.getSnapshot().context;
    };
    expect(await bannerOf(student)).toMatchObject({ username: 'avalencia', student: true });
    expect(await bannerOf(staff)).toMatchObject({ username: 'avalencia', student: false });
  });
});
