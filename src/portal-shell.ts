/**
 * Builds the portal's long-lived actors and wires them together: every API failure reaches the app
 * machine, the guard reports the user and its own failure to it, the modal learns who the user is.
 * main.tsx uses it with the real API; tests pass fakes through `provide`.
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';
import type { Site } from '../contract/campus.schema.js';
import { clearCache } from './api/cache.js';
import type { Http } from './api/client.js';
import { isOutage } from './api/errors.js';
import { setDemoState } from './api/demo.js';
import { findModalPost } from './api/modal-post.js';
import { fetchProfile } from './api/profile.js';
import { refreshRoles } from './api/roles.js';
import { fetchStatus, fetchUser } from './api/user.js';
import type { UserResult } from './api/user.js';
import { LOGOUT_URL, loginUrl } from './lib/login.js';
import { appMachine, selectErrorState, selectUser } from './machines/app.machine.js';
import { demoMachine } from './machines/demo.machine.js';
import { flashMachine } from './machines/flash.machine.js';
import {
  fullPath,
  guardMachine,
  selectIsLeaving,
  selectMayRender,
} from './machines/guard.machine.js';
import { menuMachine } from './machines/menu.machine.js';
import { modalMachine } from './machines/modal.machine.js';
import type { PortalContext } from './routes/portal/context.js';

/** The calls the shell makes; main.tsx passes the real API, tests pass fakes. */
export interface ShellServices {
  checkStatus: () => ReturnType<typeof fetchStatus>;
  fetchUser: () => Promise<UserResult>;
  clearCache: () => Promise<unknown>;
  refreshRoles: () => ReturnType<typeof refreshRoles>;
  setDemoState: (active: boolean) => Promise<boolean>;
  loadProfile: () => ReturnType<typeof fetchProfile>;
  findPost: (key: string) => ReturnType<typeof findModalPost>;
}

export const servicesFor = (http: Http): ShellServices => ({
  checkStatus: () => fetchStatus(http),
  fetchUser: () => fetchUser(http),
  clearCache: () => clearCache(http),
  refreshRoles: () => refreshRoles(http),
  setDemoState: (active) => setDemoState(http, active),
  loadProfile: () => fetchProfile(http),
  findPost: (key) => findModalPost(http, key),
});

export interface ShellEffects {
  /** Leaves the app for another address (login, logout, the reload at root). */
  assign?: (url: string) => void;
  scrollTo?: (y: number) => void;
  scrollToAnchor?: (id: string) => void;
}

export interface ShellOptions {
  site: Site;
  services: ShellServices;
  demoActive: boolean;
  effects?: ShellEffects;
}

const never = new Promise<never>(() => {});

/**
 * Carries every API call's outage (network failure, 502/503/504) to the app machine as error
 * state 3. Calls made before the app actor exists (the campus call) are remembered.
 */
export function createOutageRelay() {
  let app: ActorRefFrom<typeof appMachine> | null = null;
  let missed = false;
  return {
    report(error: unknown) {
      if (!isOutage(error)) return;
      if (app) app.send({ type: 'app.outage' });
      else missed = true;
    },
    connect(target: ActorRefFrom<typeof appMachine>) {
      app = target;
      if (missed) app.send({ type: 'app.outage' });
    },
  };
}

export function createPortalShell({ site, services, demoActive, effects = {} }: ShellOptions) {
  const assign = effects.assign ?? ((url: string) => window.location.assign(url));
  const scrollTo = effects.scrollTo ?? ((y: number) => window.scrollTo(0, y));
  const scrollToAnchor =
    effects.scrollToAnchor ?? ((id: string) => document.getElementById(id)?.scrollIntoView());

  const app = createActor(
    appMachine.provide({ actors: { refreshRoles: fromPromise(services.refreshRoles) } }),
  );
  const apiFailed = (component: string) =>
    app.send({ type: 'app.apiFailed', component, message: 'Error retreiving data' });

  const guard = createActor(
    guardMachine.provide({
      actors: {
        checkStatus: fromPromise(services.checkStatus),
        fetchUser: fromPromise(services.fetchUser),
        clearCache: fromPromise(services.clearCache),
      },
      actions: {
        reportUser: (_, result) => {
          if (result.kind === 'user') app.send({ type: 'app.userLoaded', user: result.user });
          else if (result.kind === 'provisional') app.send({ type: 'app.provisional' });
          else app.send({ type: 'app.signedOut' });
        },
        reportStatus: (_, status) =>
          app.send({
            type:
              status.integrations === 'unavailable'
                ? 'app.integrationWarning'
                : 'app.integrationsRestored',
          }),
        reportFailure: (_, error) => app.send({ type: 'app.guardFailed', error }),
        reportCacheFailure: () => apiFailed('cache'),
        signOut: () => app.send({ type: 'app.signedOut' }),
        leaveForLogout: () => assign(LOGOUT_URL),
        redirectToLogin: ({ context }) => assign(loginUrl(fullPath(context.target))),
        scrollToAnchor: ({ context }) => scrollToAnchor(decodeURIComponent(context.target.hash)),
        restorePosition: ({ context }) => scrollTo(context.savedY ?? 0),
        scrollToTop: () => scrollTo(0),
      },
    }),
  );
  const demo = createActor(
    demoMachine.provide({
      actors: { setDemoState: fromPromise(({ input }) => services.setDemoState(input.active)) },
      actions: { reloadAtRoot: () => assign('/'), reportFailure: () => apiFailed('demo') },
    }),
    { input: { active: demoActive } },
  );
  const modal = createActor(
    modalMachine.provide({
      actors: {
        loadProfile: fromPromise(services.loadProfile),
        findPost: fromPromise(({ input }) => services.findPost(input.key)),
      },
    }),
  );
  const flash = createActor(flashMachine);
  const menu = createActor(menuMachine);

  // The modal loads the profile once the user is known, and opens for a provisional account.
  let told = false;
  app.subscribe((snapshot) => {
    if (told) return;
    if (snapshot.hasTag('initialised')) modal.send({ type: 'modal.userReady' });
    else if (snapshot.hasTag('provisional')) modal.send({ type: 'modal.provisional' });
    else return;
    told = true;
  });
  for (const actor of [app, guard, demo, modal, flash, menu]) actor.start();

  const positions = new Map<string, number>();
  let lastIndex = 0;

  /** The router's beforeLoad: runs the guard and resolves when the page may render. */
  async function runGuard(location: ParsedLocation): Promise<void> {
    const index = location.state.__TSR_index ?? 0;
    const key = location.state.__TSR_key ?? location.href;
    const back = index < lastIndex;
    lastIndex = index;
    const snapshot = app.getSnapshot();
    guard.send({
      type: 'guard.navigate',
      target: { pathname: location.pathname, search: location.searchStr, hash: location.hash },
      authenticated: selectUser(snapshot) !== null,
      errorState: selectErrorState(snapshot),
      back,
      savedY: positions.get(key) ?? null,
    });
    const settled = await waitFor(guard, (s) => selectMayRender(s) || selectIsLeaving(s));
    // The browser is on its way to sign-in or sign-out: render nothing more.
    if (selectIsLeaving(settled)) await never;
  }

  /** Tells the guard when a page has rendered (for the scroll) and closes the menus on navigation. */
  function connectRouter(router: AnyRouter, currentY: () => number = () => window.scrollY) {
    const off = [
      router.subscribe('onBeforeNavigate', (event) => {
        const from = event.fromLocation;
        if (from) positions.set(from.state.__TSR_key ?? from.href, currentY());
        menu.send({ type: 'menu.navigated' });
      }),
      router.subscribe('onRendered', () => guard.send({ type: 'guard.rendered' })),
    ];
    return () => off.forEach((unsubscribe) => unsubscribe());
  }

  const context: PortalContext = {
    app,
    guard,
    demo,
    modal,
    flash,
    menu,
    campus: site.campus,
    build: site.build,
    runGuard,
  };
  return { context, connectRouter };
}
