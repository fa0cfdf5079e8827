import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { topicName } from '../lib/notification-topics.js';
import { ReadOnlyReason } from './read-only-reason.js';
import type { NotificationSettingsProps, SettingsGroup } from './notification-settings-model.js';
import { Loading } from './loading.js';
import { ReadFailedText } from './read-failed.js';
import './notification-settings.css';

/** A topic's name in the reader's language; one staff named themselves, as written, marked English. */
function TopicName({ stored }: { stored: string }) {
  const name = topicName(i18n, stored);
  return name.lang ? <span lang={name.lang}>{name.text}</span> : <>{name.text}</>;
}

function statusText(p: NotificationSettingsProps, group: SettingsGroup): string {
  if (p.readOnly || p.group !== group) return '';
  if (p.saving) return t`Saving…`;
  if (p.outcome === 'failed') return t`Your change could not be saved.`;
  if (p.outcome === 'invalid-sms') return t`Not saved: check the number.`;
  if (p.outcome === 'saved') return t`Saved.`;
  return '';
}

/** A group's status line, right under its controls, announced politely. */
function GroupStatus(props: { of: NotificationSettingsProps; group: SettingsGroup }) {
  return (
    <p className="notify-settings__status" role="status">
      {statusText(props.of, props.group)}
    </p>
  );
}

/** The trimmed value of the field named `name` in `scope`. */
const text = (scope: Element, name: string) => {
  const field = scope.querySelector(`input[name="${name}"]`);
  return field instanceof HTMLInputElement ? field.value.trim() : '';
};

/**
 * The number and the quiet hours save when their field is left or on Enter. They are groups, not
 * forms: a form without a submit button is one HTML_CodeSniffer refuses (WCAG 3.2.2, H32), and the
 * one save model has no Save buttons.
 */
const GROUP = { number: '.notify-settings__form', quiet: '.notify-settings__quiet' } as const;
const onEnter = (save: (scope: Element) => void) => (event: KeyboardEvent<HTMLElement>) => {
  if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
  event.preventDefault();
  save(event.currentTarget);
};

/**
 * Every reminder choice in one place (issue 29), the same on the portal's Account page and in Next
 * Steps' preferences: the channels (email, text and the number, and web push on this device through
 * `push`), the topics (Next Steps' notification types), quiet hours for push and text on the campus
 * clock, and the daily digest. Native forms and fieldsets. Settings have one save model (issue 43):
 * each change is saved as it is made (a box when ticked, the number and the quiet hours when the
 * field is left or Enter is pressed), and the group's own status line, just under it, says how it
 * went. Nothing is disabled while a save is on its way, so focus stays where the person is.
 */
export function NotificationSettings(props: NotificationSettingsProps) {
  const { status, value, readOnly, outcome, onChange, zoneName } = props;
  // The number's field shows the saved number (in the campus's national form) once it is saved, in
  // place, not remounted (the focus stays in it after Enter). Only a change of it is written: what
  // was typed before a drawn page's takeover (issue 75) or since a refused save stays.
  const smsField = useRef<HTMLInputElement>(null);
  const shownSms = value?.sms;
  const writtenSms = useRef(shownSms);
  // Every control it disables names this note (issue 87): the reason is said with each.
  const readOnlyId = useId();
  useEffect(() => {
    if (shownSms === undefined || shownSms === writtenSms.current) return;
    writtenSms.current = shownSms;
    if (smsField.current) smsField.current.value = shownSms;
  }, [shownSms]);
  if (status === 'loading' || !value) {
    if (status === 'failed') {
      return (
        <div className="notice notice--error" role="alert">
          <ReadFailedText errorText={t`Your notification settings could not be loaded.`} />
          <button type="button" className="button" onClick={props.onRetry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      );
    }
    return <Loading />;
  }
  const locked = readOnly !== null;
  const reason = locked ? readOnlyId : undefined;
  const why = reason ? ` ${reason}` : '';
  const invalid = outcome === 'invalid-sms';
  /** The number as typed, saved when it differs from the one shown (leaving the field, or Enter). */
  const saveSms = (scope: Element | null) => {
    if (!scope) return;
    const number = text(scope, 'sms');
    if (number === value.sms.trim() && !invalid) return;
    onChange({ field: 'sms_number', value: number === '' ? null : number });
  };
  /** Both times, saved when complete and different from the ones shown. */
  const saveQuiet = (scope: Element | null) => {
    if (!scope) return;
    const start = text(scope, 'start');
    const end = text(scope, 'end');
    if (start === '' || end === '') return;
    if (start === value.quietStart && end === value.quietEnd) return;
    onChange({ field: 'quiet_hours', start, end });
  };
  return (
    <div className="notify-settings">
      {readOnly && (
        <p id={readOnlyId} className="notify-settings__hint">
          <ReadOnlyReason readOnly={readOnly} />
        </p>
      )}
      <fieldset className="notify-settings__group">
        <legend>
          <Trans>How to reach me</Trans>
        </legend>
        <label className="notify-settings__check">
          <input
            type="checkbox"
            checked={value.byEmail}
            disabled={locked}
            aria-describedby={reason}
            onChange={(e) => onChange({ field: 'contact_by_email', value: e.target.checked })}
          />
          <Trans>Contact me by email</Trans>
        </label>
        <label className="notify-settings__check">
          <input
            type="checkbox"
            checked={value.byText}
            disabled={locked}
            aria-describedby={reason}
            onChange={(e) => onChange({ field: 'contact_by_text', value: e.target.checked })}
          />
          <Trans>Contact me by text message</Trans>
        </label>
        <div className="notify-settings__form" onKeyDown={onEnter(saveSms)}>
          <label htmlFor="notify-sms">
            <Trans>Text-message number</Trans>
          </label>
          <div className="notify-settings__row">
            <input
              id="notify-sms"
              name="sms"
              type="tel"
              autoComplete="tel"
              defaultValue={value.sms}
              ref={smsField}
              aria-invalid={invalid}
              aria-describedby={`${invalid ? 'notify-sms-error' : 'notify-sms-hint'}${why}`}
              disabled={locked}
              onBlur={(e) => saveSms(e.currentTarget.closest(GROUP.number))}
            />
          </div>
          {invalid ? (
            <p id="notify-sms-error" className="field-error">
              <Trans>
                That is not a phone number we can text. Enter it with its area code (for example
                503-555-0142), or with + and the country code for a number abroad.
              </Trans>
            </p>
          ) : (
            <p id="notify-sms-hint" className="notify-settings__hint">
              <Trans>Reply STOP to any text to stop them all; START turns them back on.</Trans>
            </p>
          )}
        </div>
        <GroupStatus of={props} group="channels" />
        {props.push}
      </fieldset>

      <div className="notify-settings__group">
        <fieldset>
          <legend>
            <Trans>Send me</Trans>
          </legend>
          {value.topics.length === 0 && (
            <p>
              <Trans>No choices available.</Trans>
            </p>
          )}
          <div className="notify-settings__topics">
            {value.topics.map((topic) => (
              <label key={topic.id} className="notify-settings__check notify-settings__topic">
                <input
                  type="checkbox"
                  checked={value.chosen.includes(topic.id)}
                  disabled={locked}
                  aria-describedby={reason}
                  onChange={() => props.onToggleTopic(topic.id)}
                />
                <TopicName stored={topic.name} />
              </label>
            ))}
          </div>
        </fieldset>
        <GroupStatus of={props} group="topics" />
        {props.group === 'topics' && outcome === 'failed' && props.topicsChanged && (
          <button type="button" className="button" onClick={props.onSaveTopics}>
            <Trans>Try again</Trans>
          </button>
        )}
      </div>

      <div className="notify-settings__group notify-settings__quiet" onKeyDown={onEnter(saveQuiet)}>
        <fieldset aria-describedby="notify-quiet-hint">
          <legend>
            <Trans>Quiet hours</Trans>
          </legend>
          <p id="notify-quiet-hint" className="notify-settings__hint">
            <Trans>
              No push notifications or texts between these times ({zoneName}); what falls inside
              waits for the morning. Email and emergency alerts are not held.
            </Trans>
          </p>
          <div className="notify-settings__row">
            <label>
              <Trans>From</Trans>{' '}
              <input
                type="time"
                name="start"
                required
                defaultValue={value.quietStart}
                key={`s${value.quietStart}`}
                disabled={locked}
                aria-describedby={reason}
                onBlur={(e) => saveQuiet(e.currentTarget.closest(GROUP.quiet))}
              />
            </label>
            <label>
              <Trans>Until</Trans>{' '}
              <input
                type="time"
                name="end"
                required
                defaultValue={value.quietEnd}
                key={`e${value.quietEnd}`}
                disabled={locked}
                aria-describedby={reason}
                onBlur={(e) => saveQuiet(e.currentTarget.closest(GROUP.quiet))}
              />
            </label>
          </div>
        </fieldset>
        <GroupStatus of={props} group="quiet" />
      </div>

      <fieldset className="notify-settings__group">
        <legend>
          <Trans>Daily digest</Trans>
        </legend>
        <label className="notify-settings__check">
          <input
            type="checkbox"
            checked={value.dailyDigest}
            disabled={locked}
            aria-describedby={reason}
            onChange={(e) => onChange({ field: 'daily_digest', value: e.target.checked })}
          />
          <Trans>Email me one daily digest of what is due</Trans>
        </label>
        <GroupStatus of={props} group="digest" />
      </fieldset>
    </div>
  );
}
