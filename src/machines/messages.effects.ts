/**
 * The message center with its effects: it loads the messages, and its write queue (loaded after the
 * first screen, message-writes.effects.ts) makes the marking calls and loads them again. The
 * composition root (src/portal-shell.ts) passes the real calls, tests pass fakes.
 */
import { fromPromise } from 'xstate';
import { messagesMachine } from './messages.machine.js';
import type { MessageWritesEffects } from './message-writes.effects.js';
import { messageWritesWith } from './message-writes.effects.js';

export type MessagesEffects = MessageWritesEffects;

export function messagesWith(effects: MessagesEffects) {
  return messagesMachine.provide({
    actors: { load: fromPromise(() => effects.load()), writes: messageWritesWith(effects) },
  });
}
