/**
 * Notifications on this device (issue 29, web push): what the browser allows and whether this
 * device gets the portal's notifications, and turning them on or off. The states are what the
 * person is told: the browser cannot (`unsupported`), the person blocked notifications for the
 * portal in the browser (`blocked`: only the browser's site settings undo it), `off`, `on`, and the
 * changes in between. `check`, `turnOn` and `turnOff` are provided by the container (the browser's
 * service worker and Push API, and the portal's push routes); a failed change says so and leaves
 * the device as it was.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { PushRefusedError } from '../api/push.js';

/** What the browser says of this device: `on` when it has a subscription the portal keeps. */
export type PushDeviceState = 'unsupported' | 'homeScreenFirst' | 'blocked' | 'off' | 'on';

export interface PushDeviceContext {
  failed: 'on' | 'off' | 'check' | null;
  /** Why the portal refused the device when it did (its `detail`), to be shown as written. */
  refusal: string | null;
}

export type PushDeviceEvent = { type: 'push.turnOn' } | { type: 'push.turnOff' };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is provided by the container`);
};

export const pushDeviceMachine = setup({
  types: { context: {} as PushDeviceContext, events: {} as PushDeviceEvent },
  actors: {
    check: fromPromise<PushDeviceState>(notProvided('check')),
    /** Asks the browser's permission, subscribes and tells the portal: `on`, or `blocked` if refused. */
    turnOn: fromPromise<'on' | 'blocked' | 'off'>(notProvided('turnOn')),
    turnOff: fromPromise<void>(notProvided('turnOff')),
  },
  guards: {
    is: (_, params: { output: PushDeviceState; state: PushDeviceState }) =>
      params.output === params.state,
  },
  actions: {
    logFailure: (_, _error: unknown) => {},
  },
}).createMachine({
  id: 'pushDevice',
  context: { failed: null, refusal: null },
  initial: 'checking',
  states: {
    checking: {
      tags: ['pending'],
      invoke: {
        id: 'check',
        src: 'check',
        onDone: [
          {
            guard: {
              type: 'is',
              params: ({ event }) => ({ output: event.output, state: 'unsupported' }),
            },
            target: 'unsupported',
          },
          {
            // iPhone and iPad Safari push only to the portal added to the Home Screen (issue 44).
            guard: {
              type: 'is',
              params: ({ event }) => ({ output: event.output, state: 'homeScreenFirst' }),
            },
            target: 'homeScreenFirst',
          },
          {
            guard: {
              type: 'is',
              params: ({ event }) => ({ output: event.output, state: 'blocked' }),
            },
            target: 'blocked',
          },
          {
            guard: { type: 'is', params: ({ event }) => ({ output: event.output, state: 'on' }) },
            target: 'on',
          },
          { target: 'off' },
        ],
        onError: {
          target: 'off',
          actions: [
            assign({ failed: 'check' }),
            {
              type: 'logFailure',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
          ],
        },
      },
    },
    unsupported: { type: 'final' },
    homeScreenFirst: { type: 'final' },
    blocked: {},
    off: {
      on: {
        'push.turnOn': { target: 'turningOn', actions: assign({ failed: null, refusal: null }) },
      },
    },
    on: {
      on: { 'push.turnOff': { target: 'turningOff', actions: assign({ failed: null }) } },
    },
    turningOn: {
      tags: ['pending'],
      invoke: {
        id: 'turnOn',
        src: 'turnOn',
        onDone: [
          {
            guard: { type: 'is', params: ({ event }) => ({ output: event.output, state: 'on' }) },
            target: 'on',
          },
          {
            guard: {
              type: 'is',
              params: ({ event }) => ({ output: event.output, state: 'blocked' }),
            },
            target: 'blocked',
          },
          { target: 'off' },
        ],
        onError: {
          target: 'off',
          actions: [
            assign({
              failed: 'on',
              refusal: ({ event }) =>
                event.error instanceof PushRefusedError ? event.error.detail : null,
            }),
            {
              type: 'logFailure',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
          ],
        },
      },
    },
    turningOff: {
      tags: ['pending'],
      invoke: {
        id: 'turnOff',
        src: 'turnOff',
        onDone: { target: 'off' },
        onError: {
          target: 'on',
          actions: [
            assign({ failed: 'off' }),
            {
              type: 'logFailure',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
          ],
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof pushDeviceMachine>;

/** What the control shows: the device's state, `changing` while a change is under way. */
export type PushDeviceView = PushDeviceState | 'checking' | 'changing';

export const selectPushView = (s: Snapshot): PushDeviceView => {
  if (s.matches('checking')) return 'checking';
  if (s.hasTag('pending')) return 'changing';
  if (s.matches('unsupported')) return 'unsupported';
  if (s.matches('homeScreenFirst')) return 'homeScreenFirst';
  if (s.matches('blocked')) return 'blocked';
  return s.matches('on') ? 'on' : 'off';
};
export const selectPushFailed = (s: Snapshot) => s.context.failed;
export const selectPushRefusal = (s: Snapshot) => s.context.refusal;
