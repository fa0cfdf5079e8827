import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CalendarSubscription } from '../../../../contract/calendar.schema.js';
import { fetchCalendarSubscription, resetCalendarSubscription } from '../../../api/calendar.js';
import { createHttp } from '../../../api/client.js';
import {
  calendarSubscriptionMachine,
  selectCalendarStatus,
  selectCalendarStep,
  selectCalendarSubscription,
} from '../../../machines/calendarSubscription.machine.js';
import { CalendarSubscriptionCard } from '../../../ui/portal/calendar-subscription.js';
import { usePortal } from '../context.js';

const http = createHttp();
const origin = () => globalThis.location?.origin ?? '';

export interface CalendarSubscriptionContainerProps {
  /** The signed-in person's API token (the portal's or Next Steps' user `auth_token`). */
  authToken: () => string;
  /** Told once when the address cannot be loaded (the portal's app machine error list). */
  onFailure?: (error: unknown) => void;
}

/** The personal calendar subscription, for any app that knows the person's API token. */
export function CalendarSubscriptionContainer(props: CalendarSubscriptionContainerProps) {
  const actor = useActorRef(
    calendarSubscriptionMachine.provide({
      actors: {
        load: fromPromise<CalendarSubscription>(() =>
          fetchCalendarSubscription(http, props.authToken()),
        ),
        save: fromPromise<CalendarSubscription>(() =>
          resetCalendarSubscription(http, props.authToken()),
        ),
        copy: fromPromise<void, { path: string }>(({ input }) =>
          navigator.clipboard.writeText(`${origin()}${input.path}`),
        ),
      },
      actions: { reportFailure: (_, error) => props.onFailure?.(error) },
    }),
  );
  const status = useSelector(actor, selectCalendarStatus);
  const step = useSelector(actor, selectCalendarStep);
  const subscription = useSelector(actor, selectCalendarSubscription);
  return (
    <CalendarSubscriptionCard
      status={status}
      step={step}
      subscription={subscription}
      origin={origin()}
      onRetry={() => actor.send({ type: 'subscription.retry' })}
      onCreate={() => actor.send({ type: 'subscription.create' })}
      onReset={() => actor.send({ type: 'subscription.reset' })}
      onConfirm={() => actor.send({ type: 'subscription.confirm' })}
      onCancel={() => actor.send({ type: 'subscription.cancel' })}
      onCopy={() => actor.send({ type: 'subscription.copy' })}
    />
  );
}

/** The subscription inside the portal: the token and the error list come from the portal. */
export function CalendarSubscriptionBlock() {
  const { app } = usePortal();
  return (
    <CalendarSubscriptionContainer
      authToken={() => app.getSnapshot().context.user?.auth_token ?? ''}
      onFailure={() =>
        app.send({
          type: 'app.apiFailed',
          component: 'calendar-subscription',
          message: 'Error retreiving data',
        })
      }
    />
  );
}
