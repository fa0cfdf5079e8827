/**
 * The banner message area's own state (portal.md §2 Dashboard banner, §4 Messages, §5, §9): the hold
 * line (loaded once; dismissed for the browser session only) and the emergency alerts (shown on every
 * page until read, each read through its own call). The message and nudge lines come from the message
 * center (messages.machine.ts) and are dismissed there, by kind; `bannerLines` (src/lib/banner-rules.ts)
 * caps them at 5 messages, 1 hold and 1 nudge line. A failed call is only logged (§8).
 *
 * The alerts stand above every page: while their first read is under way (for at most the reveal
 * patience) the page waits under the loading placeholder, so an alert never pushes a page down.
 */
import { assign, fromPromise, setup } from 'xstate';
import { REVEAL_PATIENCE_MS } from './reveal.machine.js';
import type { EmergencyAlert, EmergencyAlertsAnswer } from '../../contract/alerts.schema.js';

export interface BannerContext {
  holdCount: number;
  alerts: EmergencyAlert[];
  /** Alert ids marked read here whose call has not run yet. */
  alertQueue: string[];
}

export interface BannerInput {
  /** Whether the hold line was dismissed earlier in this browser session. */
  holdDismissed: boolean;
}

export type BannerEvent = { type: 'banner.dismissHold' } | { type: 'banner.readAlert'; id: string };

const logged = {
  type: 'logFailure' as const,
  params: ({ event }: { event: { error: unknown } }) => event.error,
};

export const bannerMachine = setup({
  delays: { alertPatience: REVEAL_PATIENCE_MS },
  types: {
    context: {} as BannerContext & BannerInput,
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
    rememberHoldDismissed: () => {},
    logFailure: (_, error: unknown) => console.warn('A banner call failed', error),
    readAlertLocally: assign(({ context }, id: string) => ({
      alerts: context.alerts.map((a) => (a.id === id ? { ...a, read: true } : a)),
      alertQueue: [...context.alertQueue, id],
    })),
    dequeueAlert: assign({ alertQueue: ({ context }) => context.alertQueue.slice(1) }),
  },
  guards: {
    wasHoldDismissed: ({ context }) => context.holdDismissed,
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
          always: [{ guard: 'wasHoldDismissed', target: 'dismissed' }, { target: 'loading' }],
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
              actions: ['rememberHoldDismissed', assign({ holdDismissed: true })],
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
            // The page waits for the alerts above it, but not for long.
            pageWaits: { tags: ['pageWaits'], after: { alertPatience: 'pageShown' } },
            pageShown: {},
          },
        },
        // The alert system could not be checked (the server said so, or its call failed): the
        // page says so, never a silent "no alerts".
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

type BannerSnapshot = { context: BannerContext & BannerInput; hasTag: (tag: string) => boolean };

/** How many holds the hold line stands for: 0 once dismissed or when there are none. */
export const selectHoldCount = (s: BannerSnapshot) => (s.hasTag('hold') ? s.context.holdCount : 0);

/** Emergency alerts still to show: unread ones, newest first as the feed gives them. */
export const selectUnreadAlerts = (s: { context: BannerContext }) =>
  s.context.alerts.filter((a) => !a.read);

/** Whether the alerts could not be checked: the page then says so, with the safety phone. */
export const selectAlertsUnchecked = (s: { hasTag: (tag: 'alertsUnchecked') => boolean }) =>
  s.hasTag('alertsUnchecked');

/**
 * Whether the page may show below the alerts: they have been read (or could not be), or their read
 * took longer than the patience and the page shows without them.
 */
export const selectPageMayShow = (s: { hasTag: (tag: 'pageWaits') => boolean }) =>
  !s.hasTag('pageWaits');

/** The hold line is decided: shown, none, dismissed, or its read failed. */
export const selectHoldSettled = (s: {
  matches: (value: { hold: 'checking' | 'loading' }) => boolean;
}) => !s.matches({ hold: 'checking' }) && !s.matches({ hold: 'loading' });
