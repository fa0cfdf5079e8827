import type { FormEvent, ReactNode } from 'react';
import { Loading } from './loading.js';
import './notification-settings.css';

/** One change the person makes; each is saved on its own. */
export type SettingChange =
  | { field: 'contact_by_email' | 'contact_by_text' | 'daily_digest'; value: boolean }
  | { field: 'sms_number'; value: string | null }
  | { field: 'quiet_hours'; start: string; end: string };

export interface NotificationSettingsValue {
  byEmail: boolean;
  byText: boolean;
  sms: string;
  quietStart: string;
  quietEnd: string;
  dailyDigest: boolean;
  topics: Array<{ id: number; name: string }>;
  chosen: number[];
}

export interface NotificationSettingsProps {
  status: 'loading' | 'failed' | 'ready';
  value: NotificationSettingsValue | null;
  /** A save is on its way: the controls wait. */
  saving: boolean;
  /** What the last save did: `saved`, `failed`, `invalid-sms` (a number we cannot text), or nothing. */
  outcome: 'saved' | 'failed' | 'invalid-sms' | null;
  /** Ticked or unticked topics not saved yet. */
  topicsChanged: boolean;
  readOnly: boolean;
  /** The campus time zone's name, said beside the quiet hours ("Pacific time"). */
  zoneName: string;
  /** Web push on this device, shown among the channels when the app provides it. */
  push?: ReactNode;
  onRetry: () => void;
  onChange: (change: SettingChange) => void;
  onToggleTopic: (id: number) => void;
  onSaveTopics: () => void;
}

const INVALID_SMS =
  'That is not a phone number we can text. Enter it with its area code (for example 503-555-0142), or with + and the country code for a number abroad.';

function statusText(p: NotificationSettingsProps): string {
  if (p.readOnly) return 'Changes are not saved in demo mode.';
  if (p.saving) return 'Saving…';
  if (p.outcome === 'failed') return 'Your change could not be saved. Please try again.';
  if (p.outcome === 'saved') return 'Saved.';
  if (p.topicsChanged) return 'Not saved yet.';
  return '';
}

const text = (data: FormData, name: string) => {
  const v = data.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

/**
 * Every reminder choice in one place (issue 29), the same on the portal's Account page and in Next
 * Steps' preferences: the channels (email, text and the number, and web push on this device through
 * `push`), the topics (Next Steps' notification types), quiet hours for push and text on the campus
 * clock, and the daily digest. Native forms and fieldsets; each change is saved on its own.
 */
export function NotificationSettings(props: NotificationSettingsProps) {
  const { status, value, saving, readOnly, outcome, onChange } = props;
  if (status === 'loading' || !value) {
    if (status === 'failed') {
      return (
        <div className="notice notice--error" role="alert">
          <p>Your notification settings could not be loaded.</p>
          <button type="button" className="button" onClick={props.onRetry}>
            Try again
          </button>
        </div>
      );
    }
    return <Loading />;
  }
  const locked = saving || readOnly;
  const invalid = outcome === 'invalid-sms';
  const saveSms = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const number = text(new FormData(event.currentTarget), 'sms');
    onChange({ field: 'sms_number', value: number === '' ? null : number });
  };
  const saveQuiet = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onChange({ field: 'quiet_hours', start: text(data, 'start'), end: text(data, 'end') });
  };
  return (
    <div className="notify-settings">
      <fieldset className="notify-settings__group">
        <legend>How to reach me</legend>
        <label className="notify-settings__check">
          <input
            type="checkbox"
            checked={value.byEmail}
            disabled={locked}
            onChange={(e) => onChange({ field: 'contact_by_email', value: e.target.checked })}
          />
          Contact me by email
        </label>
        <label className="notify-settings__check">
          <input
            type="checkbox"
            checked={value.byText}
            disabled={locked}
            onChange={(e) => onChange({ field: 'contact_by_text', value: e.target.checked })}
          />
          Contact me by text message
        </label>
        <form className="notify-settings__form" onSubmit={saveSms} noValidate>
          <label htmlFor="notify-sms">Text-message number</label>
          <div className="notify-settings__row">
            <input
              id="notify-sms"
              name="sms"
              type="tel"
              autoComplete="tel"
              defaultValue={value.sms}
              key={value.sms}
              aria-invalid={invalid}
              aria-describedby={invalid ? 'notify-sms-error' : 'notify-sms-hint'}
              disabled={readOnly}
            />
            <button type="submit" className="button" disabled={locked}>
              Save number
            </button>
          </div>
          {invalid ? (
            <p id="notify-sms-error" className="field-error">
              {INVALID_SMS}
            </p>
          ) : (
            <p id="notify-sms-hint" className="notify-settings__hint">
              Reply STOP to any text to stop them all; START turns them back on.
            </p>
          )}
        </form>
        {props.push}
      </fieldset>

      <form
        className="notify-settings__group"
        onSubmit={(event) => {
          event.preventDefault();
          props.onSaveTopics();
        }}
      >
        <fieldset>
          <legend>Send me</legend>
          {value.topics.length === 0 && <p>No choices available.</p>}
          <div className="notify-settings__topics">
            {value.topics.map((t) => (
              <label key={t.id} className="notify-settings__check notify-settings__topic">
                <input
                  type="checkbox"
                  checked={value.chosen.includes(t.id)}
                  disabled={readOnly}
                  onChange={() => props.onToggleTopic(t.id)}
                />
                {t.name}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="button" disabled={locked}>
          Save preferences
        </button>
      </form>

      <form className="notify-settings__group" onSubmit={saveQuiet}>
        <fieldset aria-describedby="notify-quiet-hint">
          <legend>Quiet hours</legend>
          <p id="notify-quiet-hint" className="notify-settings__hint">
            No push notifications or texts between these times ({props.zoneName}); what falls inside
            waits for the morning. Email and emergency alerts are not held.
          </p>
          <div className="notify-settings__row">
            <label>
              From{' '}
              <input
                type="time"
                name="start"
                required
                defaultValue={value.quietStart}
                key={`s${value.quietStart}`}
                disabled={readOnly}
              />
            </label>
            <label>
              Until{' '}
              <input
                type="time"
                name="end"
                required
                defaultValue={value.quietEnd}
                key={`e${value.quietEnd}`}
                disabled={readOnly}
              />
            </label>
            <button type="submit" className="button" disabled={locked}>
              Save quiet hours
            </button>
          </div>
        </fieldset>
      </form>

      <fieldset className="notify-settings__group">
        <legend>Daily digest</legend>
        <label className="notify-settings__check">
          <input
            type="checkbox"
            checked={value.dailyDigest}
            disabled={locked}
            onChange={(e) => onChange({ field: 'daily_digest', value: e.target.checked })}
          />
          Email me one daily digest of what is due
        </label>
      </fieldset>

      <p className="notify-settings__status" role="status" aria-live="polite">
        {statusText(props)}
      </p>
    </div>
  );
}
