import { useSelector } from '@xstate/react';
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
