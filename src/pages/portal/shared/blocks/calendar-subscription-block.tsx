import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CalendarSubscription } from '../../../../../contract/calendar.schema.js';
import { fetchCalendarSubscription, resetCalendarSubscription } from '../../../../api/calendar.js';
import type { Http } from '../../../../api/client.js';
import {
  calendarSubscriptionMachine,
  selectCalendarStatus,
  selectCalendarStep,
  selectCalendarSubscription,
} from '../../../../machines/calendar-subscription.machine.js';
import { CalendarSubscriptionCard } from '../../../../ui/portal/calendar-subscription.js';
import { usePortal } from '../../../../routes/portal/context.js';
import { apiFailed } from '../../../../api/api-failure.js';
import { useActorRef } from '../../../../inspector/use-actor-ref.js';

const origin = () => globalThis.location?.origin ?? '';

export interface CalendarSubscriptionContainerProps {
  /** An API client signed in as the person (the portal's `usePortal().http`). */
  http: Http;
  /** Told once when the address cannot be loaded (the portal's app machine error list). */
  onFailure?: (error: unknown) => void;
  /** The read a page's route loader started (kept in the router's cache); else it reads its own. */
  load?: (() => Promise<CalendarSubscription>) | undefined;
  /** Told when a new address is made: what the page's loader read is out of date. */
  onSaved?: (() => void) | undefined;
}

/** The personal calendar subscription, for any app with a client signed in as the person. */
export function CalendarSubscriptionContainer(props: CalendarSubscriptionContainerProps) {
  const actor = useActorRef(
    calendarSubscriptionMachine.provide({
      actors: {
        load: fromPromise<CalendarSubscription>(
          () => props.load?.() ?? fetchCalendarSubscription(props.http),
        ),
        save: fromPromise<CalendarSubscription>(async () => {
          const saved = await resetCalendarSubscription(props.http);
          props.onSaved?.();
          return saved;
        }),
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

/**
 * The subscription inside the portal: the client and the error list come from the portal; a page
 * whose loader reads the subscription gives that read (`load`) and forgets it once a new address is
 * made (`onSaved`).
 */
export function CalendarSubscriptionBlock({
  load,
  onSaved,
}: Pick<CalendarSubscriptionContainerProps, 'load' | 'onSaved'> = {}) {
  const { app, http } = usePortal();
  return (
    <CalendarSubscriptionContainer
      http={http}
      load={load}
      onSaved={onSaved}
      onFailure={() => app.send(apiFailed('calendar-subscription'))}
    />
  );
}
