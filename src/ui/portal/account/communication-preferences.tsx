import type { FormEvent } from 'react';

export type ContactField = 'contact_by_email' | 'contact_by_text' | 'sms_number';

export interface CommunicationPreferencesProps {
  byEmail: boolean;
  byText: boolean;
  sms: string;
  saving: boolean;
  readOnly: boolean;
  problem: { field: ContactField; reason: 'invalid' | 'failed' } | null;
  saved: ContactField | null;
  onToggle: (field: 'contact_by_email' | 'contact_by_text', value: boolean) => void;
  onEditSms: (value: string) => void;
  onSaveSms: () => void;
}

const INVALID_SMS =
  'That is not a phone number we can text. Enter 10 digits with the area code, for example 503-555-0142.';

function statusText({ problem, saved, saving }: CommunicationPreferencesProps): string {
  if (saving) return 'Saving…';
  if (problem?.reason === 'failed') return 'Your change could not be saved. Please try again.';
  if (saved) return 'Saved.';
  return '';
}

/** Contact by email, contact by text and the text-message number, each saved on its own. */
export function CommunicationPreferences(props: CommunicationPreferencesProps) {
  const { byEmail, byText, sms, saving, readOnly, problem, onToggle, onEditSms, onSaveSms } = props;
  const invalid = problem?.field === 'sms_number' && problem.reason === 'invalid';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSaveSms();
  };
  return (
    <div className="preferences">
      <label className="preferences__check">
        <input
          type="checkbox"
          checked={byEmail}
          disabled={saving || readOnly}
          onChange={(e) => onToggle('contact_by_email', e.target.checked)}
        />
        Contact me by email
      </label>
      <label className="preferences__check">
        <input
          type="checkbox"
          checked={byText}
          disabled={saving || readOnly}
          onChange={(e) => onToggle('contact_by_text', e.target.checked)}
        />
        Contact me by text message
      </label>
      <form className="preferences__sms" onSubmit={submit} noValidate>
        <label htmlFor="sms-number">Text-message number</label>
        <div className="preferences__sms-row">
          <input
            id="sms-number"
            type="tel"
            autoComplete="tel"
            value={sms}
            aria-invalid={invalid}
            aria-describedby={invalid ? 'sms-number-error' : undefined}
            disabled={readOnly}
            onChange={(e) => onEditSms(e.target.value)}
          />
          <button type="submit" className="button" disabled={saving || readOnly}>
            Save number
          </button>
        </div>
        {invalid && (
          <p id="sms-number-error" className="field-error">
            {INVALID_SMS}
          </p>
        )}
      </form>
      <p className="preferences__status" role="status">
        {readOnly ? 'Changes are not saved in demo mode.' : statusText(props)}
      </p>
    </div>
  );
}
