/**
 * The banner message area's own state (portal.md §2, §4, §5, §9): a student's hold line (loaded once;
 * dismissed for the browser session only, remembered here alone) and the emergency alerts (on every
 * page until read). Message and nudge lines belong to the message center (messages.machine.ts);
 * `bannerLines` (src/lib/banner-rules.ts) caps the lines. A failed call is only logged (§8). While the
 * alerts' first read is under way (at most the reveal patience) the page waits, so an alert never
 * pushes a page down.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { REVEAL_PATIENCE_MS } from './reveal.machine.js';
import type { EmergencyAlert, EmergencyAlertsAnswer } from '../../contract/alerts.schema.js';

export interface BannerContext extends BannerInput {
  holdCount: number;
  alerts: EmergencyAlert[];
  /** Alert ids marked read here whose call has not run yet. */
  alertQueue: string[];
}

export interface BannerInput {
  /** Whose banner: the hold line's dismissal is remembered per person. */
  username: string;
  /** Only a student has a hold line. */
  student: boolean;
}

/** portal.md §4: the hold line's dismissal, one flag per person, gone with the tab or window. */
const holdDismissalKey = (username: string) => `portal.holdDismissed.${username}`;

/** sessionStorage, or null where it is switched off (the line then comes back on the next load). */
function sessionStore(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export type BannerEvent = { type: 'banner.dismissHold' } | { type: 'banner.readAlert'; id: string };
const logged = {
  type: 'logFailure' as const,
  params: ({ event }: { event: { error: unknown } }) => event.error,
};

export const bannerMachine = setup({
  delays: { alertPatience: REVEAL_PATIENCE_MS },
  types: {
    context: {} as BannerContext,
    events: {} as BannerEvent,
    input: {} as BannerInput,
  },
  actors: {
    loadHoldCount: fromPromise<number>(async () => {
      throw new Error('loadHoldCount is provided by the container');
    }),
    loadAlerts: fromPromise<EmergencyAlertsAnswer>(async () => {
      throw new Error('loadAlerts is provided by the container');
    }),
    markAlertRead: fromPromise<unknown, { id: string }>(async () => {
      throw new Error('markAlertRead is provided by the container');
    }),
  },
  actions: {
    rememberHoldDismissed: ({ context }) =>
      sessionStore()?.setItem(holdDismissalKey(context.username), '1'),
    logFailure: (_, error: unknown) => console.warn('A banner call failed', error),
    readAlertLocally: assign(({ context }, id: string) => ({
      alerts: context.alerts.map((a) => (a.id === id ? { ...a, read: true } : a)),
      alertQueue: [...context.alertQueue, id],
    })),
    dequeueAlert: assign({ alertQueue: ({ context }) => context.alertQueue.slice(1) }),
  },
  guards: {
    wasHoldDismissed: ({ context }) =>
      sessionStore()?.getItem(holdDismissalKey(context.username)) === '1',
    isStudent: (_, student: boolean) => student,
    hasHolds: (_, count: number) => count > 0,
    isUnreadAlert: ({ context }, id: string) => context.alerts.some((a) => a.id === id && !a.read),
    hasAlertQueue: ({ context }) => context.alertQueue.length > 0,
    wasNotChecked: (_, answer: EmergencyAlertsAnswer) => !answer.checked,
  },
}).createMachine({
  id: 'banner',
  type: 'parallel',
  context: ({ input }) => ({ ...input, holdCount: 0, alerts: [], alertQueue: [] }),
  states: {
    hold: {
      initial: 'checking',
      states: {
        checking: {
          always: [
            { guard: 'wasHoldDismissed', target: 'dismissed' },
            {
              guard: { type: 'isStudent', params: ({ context }) => context.student },
              target: 'loading',
            },
            { target: 'none' },
          ],
        },
        loading: {
          invoke: {
            id: 'loadHoldCount',
            src: 'loadHoldCount',
            onDone: [
              {
                guard: { type: 'hasHolds', params: ({ event }) => event.output },
                target: 'shown',
                actions: assign({ holdCount: ({ event }) => event.output }),
              },
              { target: 'none' },
            ],
            onError: { target: 'none', actions: logged },
          },
        },
        shown: {
          tags: ['hold'],
          on: {
            'banner.dismissHold': {
              target: 'dismissed',
              actions: 'rememberHoldDismissed',
            },
          },
        },
        none: {},
        dismissed: {},
      },
    },
    alerts: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadAlerts',
            src: 'loadAlerts',
            onDone: [
              {
                guard: { type: 'wasNotChecked', params: ({ event }) => event.output },
                target: 'unavailable',
              },
              {
                target: 'ready',
                actions: assign({
                  alerts: ({ event }) => (event.output.checked ? event.output.alerts : []),
                }),
              },
            ],
            onError: { target: 'unavailable', actions: logged },
          },
          initial: 'pageWaits',
          states: {
            pageWaits: { tags: ['pageWaits'], after: { alertPatience: 'pageShown' } },
            pageShown: {},
          },
        },
        // Not checked (the server said so, or the call failed): the page says so, never "no alerts".
        unavailable: { tags: ['alertsUnchecked'] },
        ready: {
          on: {
            'banner.readAlert': {
              guard: { type: 'isUnreadAlert', params: ({ event }) => event.id },
              actions: { type: 'readAlertLocally', params: ({ event }) => event.id },
            },
          },
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasAlertQueue', target: 'saving' } },
            saving: {
              invoke: {
                id: 'markAlertRead',
                src: 'markAlertRead',
                input: ({ context }) => ({ id: context.alertQueue[0] ?? '' }),
                onDone: { target: 'idle', actions: 'dequeueAlert' },
                onError: { target: 'idle', actions: [logged, 'dequeueAlert'] },
              },
            },
          },
        },
      },
    },
  },
});

type BannerSnapshot = SnapshotFrom<typeof bannerMachine>;

/** How many holds the hold line stands for: 0 once dismissed or when there are none. */
export const selectHoldCount = (s: BannerSnapshot) => (s.hasTag('hold') ? s.context.holdCount : 0);

/** Emergency alerts still to show: unread ones, newest first as the feed gives them. */
export const selectUnreadAlerts = (s: BannerSnapshot) => s.context.alerts.filter((a) => !a.read);

/** Whether the alerts could not be checked: the page then says so, with the safety phone. */
export const selectAlertsUnchecked = (s: BannerSnapshot) => s.hasTag('alertsUnchecked');

/** The page may show below the alerts: they were read (or could not be), or patience ran out. */
export const selectPageMayShow = (s: BannerSnapshot) => !s.hasTag('pageWaits');

/** The hold line is decided: shown, none, dismissed, or its read failed. */
export const selectHoldSettled = (s: BannerSnapshot) =>
  !s.matches({ hold: 'checking' }) && !s.matches({ hold: 'loading' });
