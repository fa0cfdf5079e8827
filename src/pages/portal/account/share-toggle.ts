import { useSelector } from '@xstate/react';
import { useLayoutEffect, useRef } from 'react';
import { useActorRef } from '../../../inspector/use-actor-ref.js';
import { disclosureMachine, selectIsOpen } from '../../../machines/disclosure.machine.js';

/** A part of People you share with that opens and closes (a form, a confirmation, a record). */
export function useToggle() {
  const actor = useActorRef(disclosureMachine, { input: { open: false } });
  const open = useSelector(actor, selectIsOpen);
  return {
    open,
    toggle: () => actor.send({ type: 'disclosure.toggle' }),
    close: () => {
      if (actor.getSnapshot().hasTag('open')) actor.send({ type: 'disclosure.toggle' });
    },
  };
}

/**
 * The control that opened a part gets focus back when the part closes (cancelled or saved): it is
 * drawn again in the same commit, and focus is placed before the frame's focus rule looks (issue 87).
 */
export function useFocusBack(open: boolean) {
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return opener;
}
