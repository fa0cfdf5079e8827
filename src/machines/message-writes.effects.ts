import { fromPromise } from 'xstate';
import type { NudgeType } from '../../contract/sis/nudges.schema.js';
import { lazyActor } from './lazy-actor.js';
import type { MessagesData } from './messages-data.js';
import type { MessageWritesEvent } from './message-writes.machine.js';

/** The calls the write queue makes, passed by the composition root (messages.effects.ts). */
export interface MessageWritesEffects {
  load: () => Promise<MessagesData>;
  setRead: (pk: number) => Promise<unknown>;
  readAppMessage: (pk: number) => Promise<unknown>;
  /** Issue 87: every stored message read, on every page (only the blog ones: What's New). */
  readAll: (category?: 'blog') => Promise<unknown>;
  dismissNudge: (nudgeType: NudgeType) => Promise<unknown>;
}

/** The write queue with its effects, its code loaded when it starts: not on the first route. */
export const messageWritesWith = (effects: MessageWritesEffects) =>
  lazyActor<MessageWritesEvent>(async () =>
    (await import('./message-writes.machine.js')).messageWritesMachine.provide({
      actors: {
        load: fromPromise(() => effects.load()),
        setRead: fromPromise(({ input }) => effects.setRead(input.pk)),
        readAppMessage: fromPromise(({ input }) => effects.readAppMessage(input.pk)),
        readAll: fromPromise(({ input }) =>
          effects.readAll(input.kind === 'blog' ? 'blog' : undefined),
        ),
        dismissNudge: fromPromise(({ input }) => effects.dismissNudge(input.nudge_type)),
      },
    }),
  );
