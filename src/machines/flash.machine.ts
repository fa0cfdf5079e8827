/**
 * Flash messages (portal.md §3 Messages, §4, §9): each one auto-dismisses after 5 seconds, or
 * earlier when the user dismisses it. The same message is not shown twice at once.
 */
import type { MessageDescriptor } from '@lingui/core';
import { assign, cancel, enqueueActions, setup } from 'xstate';
import { messageKey } from '../lib/message-key.js';

/** A message of the catalogue, translated where it is shown (issue 59). */
export interface FlashMessage {
  id: number;
  message: MessageDescriptor;
}

export interface FlashContext {
  messages: FlashMessage[];
  nextId: number;
}

export type FlashEvent =
  | { type: 'flash.push'; message: MessageDescriptor }
  | { type: 'flash.expire'; id: number }
  | { type: 'flash.dismiss'; id: number };

/** portal.md §9: flash message timeout is 5 seconds. */
export const FLASH_TIMEOUT_MS = 5_000;

const timerId = (id: number) => `flash-${id}`;

export const flashMachine = setup({
  types: { context: {} as FlashContext, events: {} as FlashEvent },
  delays: { FLASH_TIMEOUT: FLASH_TIMEOUT_MS },
  guards: {
    isNew: ({ context }, message: MessageDescriptor) =>
      !context.messages.some((m) => messageKey(m.message) === messageKey(message)),
    isEmpty: ({ context }) => context.messages.length === 0,
  },
  actions: {
    show: enqueueActions(({ context, enqueue }, message: MessageDescriptor) => {
      const id = context.nextId;
      enqueue.assign({
        messages: [...context.messages, { id, message }],
        nextId: id + 1,
      });
      enqueue.raise({ type: 'flash.expire', id }, { delay: 'FLASH_TIMEOUT', id: timerId(id) });
    }),
    remove: assign({
      messages: ({ context }, id: number) => context.messages.filter((m) => m.id !== id),
    }),
    cancelTimer: cancel((_, id: number) => timerId(id)),
  },
}).createMachine({
  id: 'flash',
  context: { messages: [], nextId: 0 },
  initial: 'empty',
  on: {
    'flash.push': {
      guard: { type: 'isNew', params: ({ event }) => event.message },
      target: '.showing',
      actions: { type: 'show', params: ({ event }) => event.message },
    },
  },
  states: {
    empty: {},
    showing: {
      tags: ['visible'],
      always: { guard: 'isEmpty', target: 'empty' },
      on: {
        'flash.expire': { actions: { type: 'remove', params: ({ event }) => event.id } },
        'flash.dismiss': {
          actions: [
            { type: 'cancelTimer', params: ({ event }) => event.id },
            { type: 'remove', params: ({ event }) => event.id },
          ],
        },
      },
    },
  },
});

export const selectFlashMessages = (snapshot: { context: FlashContext }) =>
  snapshot.context.messages;
