/**
 * The portal shell as one system (portal.md §3 App state, §4, §8): the root actor invokes the app,
 * guard, modal, demo, flash and menu machines, and the page's connection and the app's update (the
 * service worker's, issue 44), under their systemIds, and the message center and the banner once the
 * user is known, and routes what each reports to the actor it concerns. Every
 * cross-actor step is a transition here:
 * - the guard's findings (status, user, failures, sign-out) reach the app machine (§2, §8);
 * - once the app knows the user, the modal loads the profile and the message center and banner start
 *   (their reads at the top of every page), or the modal opens for a provisional account;
 * - a failed demo toggle is an API failure and a flash message;
 * - an outage seen by any API call is error state 3 (§4);
 * - a navigation closes the menus;
 * - leaving the app (sign-in, the reload after a demo toggle) is the `leave` effect; signing out is
 *   `logOut`, a POST of the session's CSRF token to the backend logout address (a GET only asks).
 */
import type { MessageDescriptor } from '@lingui/core';
import { seesStudentBlocks } from '../lib/sis-person.js';
import { assign, sendTo, setup } from 'xstate';
import type { User } from '../../contract/user.schema.js';
import { apiFailed } from '../api/api-failure.js';
import { submitLogout } from '../api/logout.js';
import type { UserResult } from '../api/user.js';
import { demoFailureMessage, userEvent } from './portal-reports.js';
import type { PortalEvent } from './portal-reports.js';
import { appMachine } from './app.machine.js';
import { appUpdateMachine } from './app-update.machine.js';
import type { DelegateShare } from '../lib/delegate-capacity.js';
import { bannerMachine } from './banner.machine.js';
import { connectionMachine } from './connection.machine.js';
import { demoMachine } from './demo.machine.js';
import { flashMachine } from './flash.machine.js';
import { guardMachine } from './guard.machine.js';
import { menuMachine } from './menu.machine.js';
import { messagesMachine } from './messages.machine.js';
import { modalMachine } from './modal.machine.js';

export interface PortalInput {
  /** The demo cookie is set. */
  demoActive: boolean;
}

interface PortalContext extends PortalInput {
  /** The signed-in user, once the app knows them. */
  user: User | null;
}

export const portalMachine = setup({
  types: {
    input: {} as PortalInput,
    context: {} as PortalContext,
    events: {} as PortalEvent,
    // Each invoked actor under its id, typed by its source (the ids match the systemIds).
    children: {} as {
      app: 'app';
      guard: 'guard';
      modal: 'modal';
      demo: 'demo';
      flash: 'flash';
      menu: 'menu';
      messages: 'messages';
      banner: 'banner';
      connection: 'connection';
      appUpdate: 'appUpdate';
    },
  },
  actors: {
    app: appMachine,
    guard: guardMachine,
    modal: modalMachine,
    demo: demoMachine,
    flash: flashMachine,
    menu: menuMachine,
    messages: messagesMachine,
    banner: bannerMachine,
    connection: connectionMachine,
    appUpdate: appUpdateMachine,
  },
  actions: {
    /** Leaves the single-page app for another address. */
    leave: (_, url: string) => window.location.assign(url),
    /** Leaves for the backend logout address with a POST of the session's CSRF token. */
    logOut: (_, url: string) => submitLogout(document, url),
    tellAppUser: sendTo('app', (_, result: UserResult) => userEvent(result)),
    tellAppStatus: sendTo('app', (_, unavailable: boolean) => ({
      type: unavailable
        ? ('app.integrationWarning' as const)
        : ('app.integrationsRestored' as const),
    })),
    tellAppGuardFailed: sendTo('app', (_, failure: { error: unknown }) => ({
      type: 'app.guardFailed' as const,
      error: failure.error,
    })),
    tellAppApiFailed: sendTo('app', (_, component: string) => apiFailed(component)),
    tellAppSignedOut: sendTo('app', { type: 'app.signedOut' }),
    tellAppOutage: sendTo('app', { type: 'app.outage' }),
    tellModalUserReady: sendTo('modal', { type: 'modal.userReady' }),
    tellModalProvisional: sendTo('modal', { type: 'modal.provisional' }),
    flash: sendTo('flash', (_, message: MessageDescriptor) => ({
      type: 'flash.push' as const,
      message,
    })),
    closeMenus: sendTo('menu', { type: 'menu.navigated' }),
  },
  guards: {
    sharesMessages: (_, share: DelegateShare) => share.categories.includes('messages'),
  },
}).createMachine({
  id: 'portal',
  context: ({ input }) => ({ ...input, user: null }),
  invoke: [
    { id: 'app', systemId: 'app', src: 'app' },
    { id: 'guard', systemId: 'guard', src: 'guard' },
    { id: 'modal', systemId: 'modal', src: 'modal' },
    {
      id: 'demo',
      systemId: 'demo',
      src: 'demo',
      input: ({ context }) => ({ active: context.demoActive }),
    },
    { id: 'flash', systemId: 'flash', src: 'flash' },
    { id: 'menu', systemId: 'menu', src: 'menu' },
    { id: 'connection', systemId: 'connection', src: 'connection' },
    { id: 'appUpdate', systemId: 'appUpdate', src: 'appUpdate' },
  ],
  on: {
    'guard.statusChecked': {
      actions: {
        type: 'tellAppStatus',
        params: ({ event }) => event.status.integrations === 'unavailable',
      },
    },
    'guard.userFetched': {
      actions: { type: 'tellAppUser', params: ({ event }) => event.result },
    },
    'guard.failed': {
      actions: { type: 'tellAppGuardFailed', params: ({ event }) => ({ error: event.error }) },
    },
    'guard.cacheClearFailed': { actions: { type: 'tellAppApiFailed', params: 'cache' } },
    'guard.signInRequired': { actions: { type: 'leave', params: ({ event }) => event.url } },
    'guard.loggingOut': {
      actions: ['tellAppSignedOut', { type: 'logOut', params: ({ event }) => event.url }],
    },
    'demo.reloading': { actions: { type: 'leave', params: ({ event }) => event.url } },
    'demo.failed': {
      actions: [
        { type: 'tellAppApiFailed', params: 'demo' },
        { type: 'flash', params: ({ event }) => demoFailureMessage(event.turningOn) },
      ],
    },
    'http.outage': { actions: 'tellAppOutage' },
    'router.navigated': { actions: 'closeMenus' },
  },
  // The modal hears who the user is once: the app reports it when its session settles.
  initial: 'awaitingUser',
  states: {
    awaitingUser: {
      on: {
        'app.initialised': {
          target: 'signedIn',
          actions: ['tellModalUserReady', assign({ user: ({ event }) => event.user })],
        },
        'app.provisionalFound': { target: 'provisional', actions: 'tellModalProvisional' },
        // Issue 88: a delegate the student shared the university's messages with reads them.
        'app.delegateFound': [
          {
            guard: { type: 'sharesMessages', params: ({ event }) => event.share },
            target: 'delegateMessages',
          },
          { target: 'delegate' },
        ],
      },
    },
    // One message center and one banner for every view of the signed-in portal.
    signedIn: {
      tags: ['userKnown'],
      invoke: [
        { id: 'messages', systemId: 'messages', src: 'messages' },
        {
          id: 'banner',
          systemId: 'banner',
          src: 'banner',
          input: ({ context }) => ({
            username: context.user?.username ?? '',
            student: context.user ? seesStudentBlocks(context.user) : false,
          }),
        },
      ],
    },
    provisional: { tags: ['userKnown'] },
    // A delegate's message center: the list alone, read only (no banner: nothing of theirs to
    // dismiss). Not in the system's registry: nothing a delegate does marks a message.
    delegateMessages: { invoke: { id: 'messages', src: 'messages' } },
    delegate: {},
  },
});
