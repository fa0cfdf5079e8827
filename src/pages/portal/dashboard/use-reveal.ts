import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { revealMachine, selectIsShown } from '../../../machines/reveal.machine.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

/**
 * Whether a page's first screen may show: at once when the parts above it are `ready`, else once the
 * reveal machine's patience runs out. Once shown it stays shown (a later reload of those parts does
 * not hide the page again).
 */
export function useReveal(ready: boolean): boolean {
  const reveal = useActorRef(revealMachine);
  const shown = useSelector(reveal, selectIsShown);
  useEffect(() => {
    if (ready) reveal.send({ type: 'reveal.ready' });
  }, [ready, reveal]);
  return ready || shown;
}
