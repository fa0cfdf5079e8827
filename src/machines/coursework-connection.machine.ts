/**
 * The student's coursework calendar connection (issue 45): load it, then one of not connected,
 * current, stale (the last reading failed; the items shown are the last good ones) or broken (the
 * LMS no longer accepts the link: paste a new one). Adding, refreshing and removing are one
 * `reading` state, whose answer decides where the connection is. A pasted address the portal
 * refuses leaves everything as it was and says why. Where the campus has Canvas set up, "Connect
 * Canvas" asks the server where to go (`connecting`) and leaves the page for Canvas (`leaving`);
 * Canvas sends the student back to Account, which loads again.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import type { Coursework } from '../../contract/coursework.schema.js';

/** What a reading asks the server: add (or replace) the address, read it now, or remove it. */
export type CourseworkRequest =
  { kind: 'add'; address: string } | { kind: 'refresh' } | { kind: 'remove' };

export interface CourseworkConnectionContext {
  coursework: Coursework | null;
  request: CourseworkRequest | null;
  /** Why a paste was refused (the server's words), or a failure (a catalogue message); until the next. */
  problem: string | MessageDescriptor | null;
}

export type CourseworkConnectionEvent =
  | { type: 'coursework.retry' }
  | { type: 'coursework.add'; address: string }
  | { type: 'coursework.refresh' }
  | { type: 'coursework.remove' }
  | { type: 'coursework.connectCanvas' };

/** The refusal's words, when the server gave them; any other failure says to try again. */
const GENERIC_FAILURE = msg`That did not work. Please try again.`;

const add = {
  'coursework.add': {
    guard: 'hasAddress',
    target: '#courseworkConnection.reading',
    actions: 'askAdd',
  },
} as const;

const connectCanvas = {
  'coursework.connectCanvas': {
    guard: 'canvasAvailable',
    target: '#courseworkConnection.connecting',
  },
} as const;

const connected = {
  on: {
    ...add,
    ...connectCanvas,
    'coursework.refresh': { target: '#courseworkConnection.reading', actions: 'askRefresh' },
    'coursework.remove': { target: '#courseworkConnection.reading', actions: 'askRemove' },
  },
} as const;

export const courseworkConnectionMachine = setup({
  types: {
    context: {} as CourseworkConnectionContext,
    events: {} as CourseworkConnectionEvent,
  },
  actors: {
    load: fromPromise<Coursework>(async () => {
      throw new Error('load is provided by the container');
    }),
    send: fromPromise<Coursework, CourseworkRequest>(async () => {
      throw new Error('send is provided by the container');
    }),
    connect: fromPromise<string>(async () => {
      throw new Error('connect is provided by the container');
    }),
  },
  actions: {
    reportFailure: (_, _error: unknown) => {},
    /** Leaves the page for Canvas's address (the container: `location.assign`). */
    goToCanvas: (_, _url: string) => {},
    askAdd: assign({
      request: ({ event }): CourseworkRequest | null =>
        event.type === 'coursework.add' ? { kind: 'add', address: event.address.trim() } : null,
      problem: null,
    }),
    askRefresh: assign({ request: (): CourseworkRequest => ({ kind: 'refresh' }), problem: null }),
    askRemove: assign({ request: (): CourseworkRequest => ({ kind: 'remove' }), problem: null }),
  },
  guards: {
    canvasAvailable: ({ context }) => context.coursework?.canvas_available === true,
    hasAddress: ({ event }) => event.type === 'coursework.add' && event.address.trim() !== '',
    isNone: ({ context }) => context.coursework?.feed.state !== 'connected',
    isCurrent: ({ context }) =>
      context.coursework?.feed.state === 'connected' &&
      context.coursework.feed.status === 'current',
    isStale: ({ context }) =>
      context.coursework?.feed.state === 'connected' && context.coursework.feed.status === 'stale',
  },
}).createMachine({
  id: 'courseworkConnection',
  context: { coursework: null, request: null, problem: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'settling',
          actions: assign({ coursework: ({ event }) => event.output }),
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
    failed: { tags: ['error'], on: { 'coursework.retry': 'loading' } },
    /** Where the server's answer puts the connection. */
    settling: {
      always: [
        { guard: 'isNone', target: 'notConnected' },
        { guard: 'isCurrent', target: 'current' },
        { guard: 'isStale', target: 'stale' },
        { target: 'broken' },
      ],
    },
    notConnected: { tags: ['loaded', 'notConnected'], on: { ...add, ...connectCanvas } },
    /** Asking the server where Canvas asks the student. */
    connecting: {
      tags: ['loaded', 'connecting'],
      entry: assign({ problem: null }),
      invoke: {
        id: 'connect',
        src: 'connect',
        onDone: {
          target: 'leaving',
          actions: { type: 'goToCanvas', params: ({ event }) => event.output },
        },
        onError: { target: 'settling', actions: assign({ problem: GENERIC_FAILURE }) },
      },
    },
    /** The page is going to Canvas: nothing more is sent from here. */
    leaving: { tags: ['loaded', 'connecting'] },
    reading: {
      tags: ['loaded', 'reading'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }): CourseworkRequest => context.request ?? { kind: 'refresh' },
        onDone: {
          target: 'settling',
          actions: assign({ coursework: ({ event }) => event.output, request: null }),
        },
        onError: {
          target: 'settling',
          actions: assign({
            problem: ({ event }) => {
              const { error } = event;
              const refused = error instanceof Error && error.name === 'CourseworkRefusedError';
              return refused ? error.message : GENERIC_FAILURE;
            },
            request: null,
          }),
        },
      },
    },
    current: { tags: ['loaded', 'current'], ...connected },
    stale: { tags: ['loaded', 'stale'], ...connected },
    broken: { tags: ['loaded', 'broken'], ...connected },
  },
});

/** Where the connection is, as the section shows it. */
export type CourseworkConnectionStatus =
  'loading' | 'error' | 'notConnected' | 'reading' | 'connecting' | 'current' | 'stale' | 'broken';

export function selectCourseworkStatus(s: {
  hasTag: (tag: string) => boolean;
}): CourseworkConnectionStatus {
  const shown = [
    'reading',
    'connecting',
    'error',
    'notConnected',
    'current',
    'stale',
    'broken',
  ] as const;
  return shown.find((tag) => s.hasTag(tag)) ?? 'loading';
}

export const selectCoursework = (s: { context: CourseworkConnectionContext }) =>
  s.context.coursework;
export const selectCourseworkProblem = (s: { context: CourseworkConnectionContext }) =>
  s.context.problem;
