/**
 * How the shell machines talk to the portal machine that composes them: `sendTo(portalOf, …)`.
 * The portal routes each report to the actor it concerns (src/machines/portal.machine.ts), so every
 * cross-actor step is a transition in the portal's chart.
 */
import type { AnyActorRef } from 'xstate';

/** The systemId of the portal's root actor (createActor(portalMachine, { systemId })). */
export const PORTAL_SYSTEM_ID = 'portal';

/**
 * The portal actor. A machine running on its own (a path test, a unit test) has no portal: its
 * report then goes to the machine itself, which handles none of these event types.
 */
export const portalOf = ({
  system,
  self,
}: {
  system: { get: (id: string) => AnyActorRef | undefined };
  self: AnyActorRef;
}) => system.get(PORTAL_SYSTEM_ID) ?? self;
