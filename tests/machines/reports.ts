import { createActor, setup } from 'xstate';
import type { ActorRefFromLogic, AnyActorLogic, EventObject, SimulatedClock } from 'xstate';
import { PORTAL_SYSTEM_ID } from '../../src/machines/report.js';

/**
 * Runs `logic` as a child of a stand-in portal that records every report the child sends it
 * (`sendTo(portalOf, …)`), so a shell machine's reports can be tested without the whole portal.
 */
export function underRecordingPortal<L extends AnyActorLogic>(
  logic: L,
  options: { input?: unknown; clock?: SimulatedClock } = {},
) {
  const reports: EventObject[] = [];
  const stand = setup({ actors: { child: logic as AnyActorLogic } }).createMachine({
    invoke: { id: 'child', src: 'child', input: () => options.input as never },
    on: { '*': { actions: ({ event }) => void reports.push(event) } },
  });
  const portal = createActor(stand, {
    systemId: PORTAL_SYSTEM_ID,
    ...(options.clock ? { clock: options.clock } : {}),
  }).start();
  const child = portal.getSnapshot().children.child as ActorRefFromLogic<L>;
  return { child, reports, portal };
}
