/**
 * The personal calendar subscription (issue 15, beyond portal.md; loaders as §4, error text §8):
 * load the person's address, then create it, copy it, or reset it after a confirmation (resetting
 * ends the old address in every calendar app that uses it). A failed load is reported once and can
 * be retried; a failed save or copy leaves the address as it was and says so.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CalendarSubscription } from '../../contract/calendar.schema.js';

export interface CalendarSubscriptionContext {
  subscription: CalendarSubscription | null;
}

export type CalendarSubscriptionEvent =
  | { type: 'subscription.retry' }
  | { type: 'subscription.create' }
  | { type: 'subscription.reset' }
  | { type: 'subscription.confirm' }
  | { type: 'subscription.cancel' }
  | { type: 'subscription.copy' };

const COPIED_MS = 4000;

/** What a shown address answers to: reset it (asks first), copy it. */
const shownAddress = {
  'subscription.reset': { guard: 'hasAddress', target: 'confirming' },
  'subscription.copy': { guard: 'canCopy', target: 'copying' },
} as const;

/** A settled step also makes an address when there is none. (After a copy there always is one.) */
const settled = {
  on: {
    'subscription.create': { guard: 'hasNoAddress', target: 'saving' },
    ...shownAddress,
  },
} as const;

export const calendarSubscriptionMachine = setup({
  types: {
    context: {} as CalendarSubscriptionContext,
    events: {} as CalendarSubscriptionEvent,
  },
  actors: {
    load: fromPromise<CalendarSubscription>(async () => {
      throw new Error('load is provided by the container');
    }),
    save: fromPromise<CalendarSubscription>(async () => {
      throw new Error('save is provided by the container');
    }),
    copy: fromPromise<void, { path: string }>(async () => {
      throw new Error('copy is provided by the container');
    }),
  },
  actions: {
    reportFailure: (_, _error: unknown) => {},
  },
  guards: {
    hasNoAddress: ({ context }) => context.subscription?.state === 'none',
    hasAddress: ({ context }) => context.subscription?.state !== 'none',
    canCopy: ({ context }) => context.subscription?.state === 'ready',
  },
}).createMachine({
  id: 'calendarSubscription',
  context: { subscription: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'shown',
          actions: assign({ subscription: ({ event }) => event.output }),
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'reportFailure',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    failed: { tags: ['error'], on: { 'subscription.retry': 'loading' } },
    shown: {
      tags: ['loaded'],
      initial: 'idle',
      states: {
        idle: settled,
        confirming: {
          tags: ['confirming'],
          on: { 'subscription.confirm': 'saving', 'subscription.cancel': 'idle' },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            id: 'save',
            src: 'save',
            onDone: {
              target: 'idle',
              actions: assign({ subscription: ({ event }) => event.output }),
            },
            onError: 'saveFailed',
          },
        },
        saveFailed: { tags: ['saveFailed'], ...settled },
        copying: {
          invoke: {
            id: 'copy',
            src: 'copy',
            input: ({ context }) => ({
              path: context.subscription?.state === 'ready' ? context.subscription.path : '',
            }),
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        copied: { tags: ['copied'], after: { [COPIED_MS]: 'idle' }, on: shownAddress },
        copyFailed: { tags: ['copyFailed'], on: shownAddress },
      },
    },
  },
});

/** What the block shows: one of the loader states. */
export type CalendarSubscriptionStatus = 'loading' | 'loaded' | 'error';

export function selectCalendarStatus(s: {
  hasTag: (tag: string) => boolean;
}): CalendarSubscriptionStatus {
  if (s.hasTag('loaded')) return 'loaded';
  if (s.hasTag('error')) return 'error';
  return 'loading';
}

/** The step the person is at once the address is known. */
export type CalendarSubscriptionStep =
  'idle' | 'confirming' | 'saving' | 'saveFailed' | 'copied' | 'copyFailed';

export function selectCalendarStep(s: {
  hasTag: (tag: string) => boolean;
}): CalendarSubscriptionStep {
  const steps = ['confirming', 'saving', 'saveFailed', 'copied', 'copyFailed'] as const;
  return steps.find((step) => s.hasTag(step)) ?? 'idle';
}

export const selectCalendarSubscription = (s: { context: CalendarSubscriptionContext }) =>
  s.context.subscription;
