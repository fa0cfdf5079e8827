/**
 * The two actors behind every message view, made once per signed-in portal and shared: the message
 * center (bell, banner, Messages page, What's New marking) and the banner's own state (hold line,
 * emergency alerts). Made on first use, once the user is known; one load serves every view.
 */
import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { isStudent } from '../../../../contract/roles.rules.js';
import { isSisWarning } from '../../../../contract/sis/warning.schema.js';
import type { User } from '../../../../contract/user.schema.js';
import { fetchEmergencyAlerts, markAlertRead } from '../../../api/alerts.js';
import { dismissHoldForSession, isHoldDismissed } from '../../../api/hold-dismissal.js';
import { fetchIntegration } from '../../../api/integrations.js';
import { fetchMessages, fetchNudges, markMessageRead } from '../../../api/messages.js';
import { dismissNudge } from '../../../api/nudges.js';
import { bannerMachine } from '../../../machines/banner.machine.js';
import { messagesMachine } from '../../../machines/messages.machine.js';
import type { PortalContext } from '../../../routes/portal/context.js';

export interface MessageActors {
  messages: ActorRefFrom<typeof messagesMachine>;
  banner: ActorRefFrom<typeof bannerMachine>;
}

const made = new WeakMap<PortalContext['app'], MessageActors>();

/** A failed message call is only logged (portal.md §8). */
const logged =
  <T>(fallback: T) =>
  (error: unknown) => {
    console.warn('A message call failed', error);
    return fallback;
  };

function make(context: PortalContext, user: User): MessageActors {
  // The portal's one client: the user's token, and an outage reported like every call's.
  const { http } = context;
  const messages = createActor(
    messagesMachine.provide({
      actors: {
        // Nudges come from the SIS: when it fails, the stored messages still show.
        load: fromPromise(async () => {
          const [stored, nudges] = await Promise.all([
            fetchMessages(http),
            fetchNudges(http).catch(logged([])),
          ]);
          return { messages: stored, nudges };
        }),
        setRead: fromPromise(({ input }) => markMessageRead(http, input.pk, new Date())),
        // An app message is read with the same call; its list is not fetched again afterwards.
        readAppMessage: fromPromise(({ input }) => markMessageRead(http, input.pk, new Date())),
        dismissNudge: fromPromise(({ input }) => dismissNudge(http, input.nudge_type)),
      },
    }),
  );
  const banner = createActor(
    bannerMachine.provide({
      actors: {
        loadHoldCount: fromPromise(async () => {
          if (!isStudent(user)) return 0;
          const holds = await fetchIntegration(http, 'holds');
          return isSisWarning(holds) ? 0 : holds.length;
        }),
        loadAlerts: fromPromise(() => fetchEmergencyAlerts(http)),
        markAlertRead: fromPromise(({ input }) => markAlertRead(http, input.id, new Date())),
      },
      actions: { rememberHoldDismissed: () => dismissHoldForSession(user.username) },
    }),
    { input: { holdDismissed: isHoldDismissed(user.username) } },
  );
  messages.start();
  banner.start();
  return { messages, banner };
}

/** The shared message actors of this portal, made on first use for its signed-in user. */
export function messageActorsFor(context: PortalContext, user: User): MessageActors {
  let actors = made.get(context.app);
  if (!actors) {
    actors = make(context, user);
    made.set(context.app, actors);
  }
  return actors;
}
