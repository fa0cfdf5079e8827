/**
 * The message center with its effects: it loads the messages, and its write queue (loaded after the
 * first screen) makes the marking calls and loads them again. The composition root (src/portal-shell.ts) passes the real calls,
 * tests pass fakes.
 */
import { fromPromise } from 'xstate';
import type { NudgeType } from '../../contract/sis/nudges.schema.js';
import { messagesMachine } from './messages.machine.js';
import type { MessagesData } from './messages.machine.js';
import type { MessageWritesEvent } from './messageWrites.machine.js';
import { lazyActor } from './lazy-actor.js';

export interface MessagesEffects {
  load: () => Promise<MessagesData>;
  setRead: (pk: number) => Promise<unknown>;
  readAppMessage: (pk: number) => Promise<unknown>;
  dismissNudge: (nudgeType: NudgeType) => Promise<unknown>;
}

export function messagesWith(effects: MessagesEffects) {
  const load = fromPromise<MessagesData>(() => effects.load());
  return messagesMachine.provide({
    actors: {
      load,
      // Its code is not on the first route: it loads when the messages have (lazy-actor.ts).
      writes: lazyActor<MessageWritesEvent>(async () =>
        (await import('./messageWrites.machine.js')).messageWritesMachine.provide({
          actors: {
            load,
            setRead: fromPromise(({ input }) => effects.setRead(input.pk)),
            readAppMessage: fromPromise(({ input }) => effects.readAppMessage(input.pk)),
            dismissNudge: fromPromise(({ input }) => effects.dismissNudge(input.nudge_type)),
          },
        }),
      ),
    },
  });
}
