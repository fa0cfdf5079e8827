import { useSelector } from '@xstate/react';
import { selectUser } from '../../../machines/app.machine.js';
import { usePortal } from '../../../routes/portal/context.js';
import { messageActorsFor } from './message-actors.js';
import type { MessageActors } from './message-actors.js';

/** The shared message actors, or null until the user is known. */
export function useMessageActors(): MessageActors | null {
  const context = usePortal();
  const user = useSelector(context.app, selectUser);
  return user ? messageActorsFor(context, user) : null;
}
