import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CalendarSubscription } from '../../../contract/calendar.schema.js';
import { Loading } from '../loading.js';
import { ReadFailedText } from '../read-failed.js';
import './calendar-subscription.css';
import { useReadOnly } from '../view-as-context.js';
import { ReadOnlyReason } from '../read-only-reason.js';

export type CalendarStep =
  'idle' | 'confirming' | 'saving' | 'saveFailed' | 'copied' | 'copyFailed';

export interface CalendarSubscriptionProps {
  status: 'loading' | 'loaded' | 'error';
  subscription: CalendarSubscription | null;
  step: CalendarStep;
  /** The portal's origin, to show the full address: `https://portal.example.edu`. */
  origin: string;
  onRetry: () => void;
  onCreate: () => void;
  onReset: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onCopy: () => void;
}

const MESSAGES = {
  saving: msg`Making your link…`,
  saveFailed: msg`Your link could not be changed. Please try again.`,
  copied: msg`Link copied. Paste it into your calendar app as a subscription.`,
  copyFailed: msg`Could not copy. Select the link and copy it yourself.`,
} as const;
const isMessageStep = (step: CalendarStep): step is keyof typeof MESSAGES => step in MESSAGES;

/**
 * The personal calendar feed: one address with this term's classes and the Next Steps deadlines,
 * to subscribe to in any calendar app; copy it, or reset it (the old address then stops working).
 */
export function CalendarSubscriptionCard(props: CalendarSubscriptionProps) {
  const { i18n } = useLingui();
  const { subscription, step } = props;
  const url = subscription?.state === 'ready' ? `${props.origin}${subscription.path}` : null;
  // Issue 73: support viewing as the student makes or resets no address (the card says why).
  const readOnly = useReadOnly();
  const busy = step === 'saving' || readOnly;
  return (
    <section
      className="block calendar-subscription"
      aria-labelledby="calendar-subscription-heading"
    >
      <h2 id="calendar-subscription-heading">
        <Trans>Your classes and deadlines in your calendar</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Subscribe once in Google Calendar, Apple Calendar or Outlook to see this term’s classes
          and your Next Steps deadlines. Keep the link private: anyone who has it can see them.
        </Trans>
      </p>
      {readOnly && (
        <p className="calendar-subscription__read-only">
          <ReadOnlyReason readOnly="view-as" />
        </p>
      )}
      {props.status === 'loading' && <Loading />}
      {props.status === 'error' && (
        <div>
          <ReadFailedText />
          <button type="button" className="button button--quiet" onClick={props.onRetry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {props.status === 'loaded' && subscription?.state === 'none' && (
        <button type="button" className="button" onClick={props.onCreate} disabled={busy}>
          <Trans>Create calendar link</Trans>
        </button>
      )}
      {props.status === 'loaded' && subscription?.state === 'hidden' && (
        <p>
          <Trans>
            You have a calendar link, but it can no longer be shown here. Reset it to get a new one;
            calendars using the old link stop updating.
          </Trans>
        </p>
      )}
      {url && (
        <div className="calendar-subscription__link">
          <label htmlFor="calendar-subscription-url">
            <Trans>Calendar link</Trans>
          </label>
          <input
            id="calendar-subscription-url"
            type="text"
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      )}
      {props.status === 'loaded' && subscription && subscription.state !== 'none' && (
        <div className="calendar-subscription__actions">
          {url && (
            <button type="button" className="button" onClick={props.onCopy} disabled={busy}>
              <Trans>Copy link</Trans>
            </button>
          )}
          {url && (
            <a className="button button--quiet" href={url.replace(/^https?:/, 'webcal:')}>
              <Trans>Open in calendar app</Trans>
            </a>
          )}
          <button
            type="button"
            className="button button--quiet"
            aria-expanded={step === 'confirming'}
            aria-controls="calendar-subscription-confirm"
            onClick={step === 'confirming' ? props.onCancel : props.onReset}
            disabled={busy}
          >
            <Trans>Reset link</Trans>
          </button>
        </div>
      )}
      {step === 'confirming' && (
        <div id="calendar-subscription-confirm" className="calendar-subscription__confirm">
          <p>
            <Trans>
              Calendars using the current link stop updating until you add the new one. Reset it?
            </Trans>
          </p>
          <button type="button" className="button" onClick={props.onConfirm}>
            <Trans>Yes, reset link</Trans>
          </button>
          <button type="button" className="button button--quiet" onClick={props.onCancel}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      )}
      <p className="calendar-subscription__status" role="status" aria-live="polite">
        {isMessageStep(step) ? i18n._(MESSAGES[step]) : ''}
      </p>
    </section>
  );
}
