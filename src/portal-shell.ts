/**
 * The portal's composition root: gives the portal machine (src/machines/portal.machine.ts) its real
 * effects — the API calls and leaving the page — and starts it. How the actors talk to each other is
 * the portal machine's business, not this file's. main.tsx passes the real API; tests pass fakes.
 */
import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { EmergencyAlertsAnswer } from '../contract/alerts.schema.js';
import type { Site } from '../contract/campus.schema.js';
import type { NudgeType } from '../contract/sis/nudges.schema.js';
import { isSisWarning } from '../contract/sis/warning.schema.js';
import { fetchEmergencyAlerts, markAlertRead } from './api/alerts.js';
import { clearCache } from './api/cache.js';
import type { Http } from './api/client.js';
import { isOutage } from './api/errors.js';
import type { FirstReads } from './api/first-reads.js';
import { setDemoState } from './api/demo.js';
import {
  fetchMessages,
  fetchNudges,
  markAllMessagesRead,
  markMessageRead,
} from './api/messages.js';
import { findModalPost } from './api/modal-post.js';
import { dismissNudge } from './api/nudges.js';
import { fetchProfile } from './api/profile.js';
import { refreshRoles } from './api/roles.js';
import { fetchReader, fetchStatus } from './api/user.js';
import type { UserResult } from './api/user.js';
import type { DelegateShare } from './lib/delegate-capacity.js';
import { appMachine } from './machines/app.machine.js';
import { bannerMachine } from './machines/banner.machine.js';
import { demoMachine } from './machines/demo.machine.js';
import { guardMachine } from './machines/guard.machine.js';
import { guardReadsMachine } from './machines/guard-reads.machine.js';
import { messagesWith } from './machines/messages.effects.js';
import type { MessagesData } from './machines/messages-data.js';
import { modalMachine } from './machines/modal.machine.js';
import { portalMachine } from './machines/portal.machine.js';
import { PORTAL_SYSTEM_ID } from './machines/report.js';
import type { PortalActors } from './routes/portal/context.js';

/** The message center's and the banner's calls (a failed one is only logged: portal.md §8). */
export interface MessageServices {
  loadMessages: () => Promise<MessagesData>;
  markMessageRead: (pk: number) => Promise<unknown>;
  /** Issue 87: every message read, on every page (only the blog ones: What's New). */
  markAllMessagesRead: (category?: 'blog') => Promise<unknown>;
  dismissNudge: (nudgeType: NudgeType) => Promise<unknown>;
  /** How many holds the student has; an SIS warning counts as none. */
  loadHoldCount: () => Promise<number>;
  loadAlerts: () => Promise<EmergencyAlertsAnswer>;
  markAlertRead: (id: string) => Promise<unknown>;
}

/** The calls the shell makes; main.tsx passes the real API, tests pass fakes. */
export interface ShellServices {
  messages: MessageServices;
  checkStatus: () => ReturnType<typeof fetchStatus>;
  fetchUser: () => Promise<UserResult>;
  clearCache: () => Promise<unknown>;
  refreshRoles: () => ReturnType<typeof refreshRoles>;
  setDemoState: (active: boolean) => Promise<boolean>;
  loadProfile: () => ReturnType<typeof fetchProfile>;
  findPost: (key: string) => ReturnType<typeof findModalPost>;
}

/**
 * Who reads, once the user call has answered: a delegate's message center (issue 88) lists the
 * stored messages alone, as the nudges are the SIS's prompts to the student, never asked for them.
 */
export function followReader(fetchUser: () => Promise<UserResult>) {
  let reader: UserResult['kind'] | null = null;
  return {
    fetchUser: async () => {
      const result = await fetchUser();
      reader = result.kind;
      return result;
    },
    readsNudges: () => reader !== 'delegate',
  };
}

/**
 * The real calls. The roles refresh and the profile show on no first screen, so they wait for
 * `background` (main.tsx: the router's first load, its page's reads sent and its code in): a browser
 * speaking HTTP/1.1 opens six connections to the portal, and these two would otherwise take two of
 * them ahead of the reads the page waits for.
 */
export const servicesFor = (
  http: Http,
  background: () => Promise<void>,
  firstReads: FirstReads,
  // Issue 88: the browser's delegate session, if any (none where no browser asks: the server's render).
  delegating: () => Promise<DelegateShare | null> = () => Promise.resolve(null),
): ShellServices => {
  const reader = followReader(() => fetchReader(http, delegating));
  return {
    messages: messageServicesFor(http, firstReads, reader.readsNudges),
    checkStatus: () => fetchStatus(http),
    fetchUser: reader.fetchUser,
    clearCache: () => clearCache(http),
    refreshRoles: async () => {
      await background();
      return refreshRoles(http);
    },
    setDemoState: (active) => setDemoState(http, active),
    loadProfile: async () => {
      await background();
      return fetchProfile(http);
    },
    findPost: (key) => findModalPost(http, key),
  };
};

/**
 * The real message calls. Nudges come from the SIS: when it fails, the stored messages still show;
 * `readsNudges` says whether the reader's list has them (not a delegate's).
 * The hold count is one of the first reads (api/first-reads.ts): the dashboard's hold summary, loaded
 * with the same first page, takes its answer instead of asking again.
 */
export const messageServicesFor = (
  http: Http,
  firstReads: FirstReads,
  readsNudges: () => boolean = () => true,
): MessageServices => ({
  loadMessages: async () => {
    const [page, nudges] = await Promise.all([
      fetchMessages(http),
      readsNudges()
        ? fetchNudges(http).catch((error: unknown) => {
            console.warn('A message call failed', error);
            return [];
          })
        : [],
    ]);
    return { ...page, nudges };
  },
  markMessageRead: (pk) => markMessageRead(http, pk, new Date()),
  markAllMessagesRead: (category) => markAllMessagesRead(http, new Date(), category),
  dismissNudge: (nudgeType) => dismissNudge(http, nudgeType),
  loadHoldCount: async () => {
    const holds = await firstReads.holds();
    return isSisWarning(holds) ? 0 : holds.length;
  },
  loadAlerts: () => fetchEmergencyAlerts(http),
  markAlertRead: (id) => markAlertRead(http, id, new Date()),
});

export interface ShellOptions {
  services: ShellServices;
  demoActive: boolean;
  /** Leaves the app for another address (sign-in, the reload at root; sign-out, instead of its POST). */
  leave?: (url: string) => void;
}

/** The portal machine with its effects. */
export function providePortal({ services, leave }: Omit<ShellOptions, 'demoActive'>) {
  return portalMachine.provide({
    actors: {
      app: appMachine.provide({ actors: { refreshRoles: fromPromise(services.refreshRoles) } }),
      guard: guardMachine.provide({
        actors: {
          reads: guardReadsMachine.provide({
            actors: {
              checkStatus: fromPromise(services.checkStatus),
              fetchUser: fromPromise(services.fetchUser),
            },
          }),
          clearCache: fromPromise(services.clearCache),
        },
      }),
      demo: demoMachine.provide({
        actors: { setDemoState: fromPromise(({ input }) => services.setDemoState(input.active)) },
      }),
      modal: modalMachine.provide({
        actors: {
          loadProfile: fromPromise(services.loadProfile),
          findPost: fromPromise(({ input }) => services.findPost(input.key)),
        },
      }),
      messages: messagesWith({
        load: services.messages.loadMessages,
        setRead: services.messages.markMessageRead,
        // An app message is read with the same call; its list is not fetched again afterwards.
        readAppMessage: services.messages.markMessageRead,
        readAll: services.messages.markAllMessagesRead,
        dismissNudge: services.messages.dismissNudge,
      }),
      banner: bannerMachine.provide({
        actors: {
          loadHoldCount: fromPromise(services.messages.loadHoldCount),
          loadAlerts: fromPromise(services.messages.loadAlerts),
          markAlertRead: fromPromise(({ input }) => services.messages.markAlertRead(input.id)),
        },
      }),
    },
    ...(leave
      ? {
          actions: {
            leave: (_: unknown, url: string) => leave(url),
            logOut: (_: unknown, url: string) => leave(url),
          },
        }
      : {}),
  });
}

export type PortalRef = ActorRefFrom<typeof portalMachine>;

/** Starts the portal system and hands out its actors. */
export function createPortalShell(options: ShellOptions): PortalActors {
  const portal = createActor(providePortal(options), {
    systemId: PORTAL_SYSTEM_ID,
    input: { demoActive: options.demoActive },
  }).start();
  const { app, guard, modal, demo, flash, menu, connection, appUpdate } =
    portal.getSnapshot().children;
  if (!app || !guard || !modal || !demo || !flash || !menu || !connection || !appUpdate) {
    throw new Error('The portal machine did not start its actors');
  }
  return { portal, app, guard, modal, demo, flash, menu, connection, appUpdate };
}

/**
 * The API client's failure listener: an outage of any call is error state 3 (portal.md §4). Not
 * while the device is offline (issue 44): the service worker then answers the person's own reads
 * with what was kept, and the page shows that with its offline notice instead of the error screen.
 */
export const reportOutages = (portal: PortalRef) => (error: unknown) => {
  if (isOutage(error) && globalThis.navigator?.onLine !== false) {
    portal.send({ type: 'http.outage' });
  }
};

/** Everything the portal's routes reach, once the campus configuration is known. */
export const withSite = (actors: PortalActors, site: Site, http: Http, firstReads: FirstReads) => ({
  ...actors,
  campus: site.campus,
  build: site.build,
  http,
  firstReads,
});
