import { createActor, fromCallback } from 'xstate';
import type { AnyActorLogic, AnyActorRef, EventObject } from 'xstate';

/**
 * A child actor whose logic loads when the child starts (a dynamic import: its own chunk, off the
 * first route), for what only acts after the first screen (issue 63). The events its parent sends
 * before the logic has loaded are kept and given to it in order; what it sends its parent
 * (`sendParent`) reaches the parent through a forwarding actor (`sendBack`: XState's public API, not
 * the parent's private reference); the loaded actor runs in a system of its own. Stopping the child stops the loaded
 * actor, or keeps a late load from starting one. A load that fails is logged: the parent goes on
 * without it.
 */
export function lazyActor<TEvent extends EventObject>(load: () => Promise<AnyActorLogic>) {
  return fromCallback<TEvent>(({ receive, sendBack }) => {
    let actor: AnyActorRef | undefined;
    // What the loaded actor sends its parent, passed on to this child's parent.
    const toParent = createActor(
      fromCallback<EventObject>(({ receive: told }) => told((event) => sendBack(event))),
    );
    let stopped = false;
    const waiting: TEvent[] = [];
    receive((event) => {
      if (actor) actor.send(event);
      else waiting.push(event);
    });
    load().then(
      (logic) => {
        if (stopped) return;
        actor = createActor(logic, { parent: toParent.start() }).start();
        for (const event of waiting.splice(0)) actor.send(event);
      },
      (error: unknown) => console.warn('A part of the portal could not be loaded', error),
    );
    return () => {
      stopped = true;
      actor?.stop();
      toParent.stop();
    };
  });
}
