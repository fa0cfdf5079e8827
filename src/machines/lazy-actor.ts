import { createActor, fromCallback } from 'xstate';
import type { AnyActorLogic, AnyActorRef, EventObject } from 'xstate';

/**
 * A child actor whose logic loads when the child starts (a dynamic import: its own chunk, off the
 * first route), for what only acts after the first screen (issue 63). The events its parent sends
 * before the logic has loaded are kept and given to it in order; what it sends its parent
 * (`sendParent`) reaches the parent, in the parent's system. Stopping the child stops the loaded
 * actor, or keeps a late load from starting one. A load that fails is logged: the parent goes on
 * without it.
 */
export function lazyActor<TEvent extends EventObject>(load: () => Promise<AnyActorLogic>) {
  return fromCallback<TEvent>(({ receive, self }) => {
    let actor: AnyActorRef | undefined;
    let stopped = false;
    const waiting: TEvent[] = [];
    receive((event) => {
      if (actor) actor.send(event);
      else waiting.push(event);
    });
    load().then(
      (logic) => {
        if (stopped) return;
        actor = createActor(logic, { parent: self._parent }).start();
        for (const event of waiting.splice(0)) actor.send(event);
      },
      (error: unknown) => console.warn('A part of the portal could not be loaded', error),
    );
    return () => {
      stopped = true;
      actor?.stop();
    };
  });
}
