import type { ReactNode } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { formatPhoneNumber, toE164 } from '../../../contract/phone.rules.js';
import type { PreferenceChange, Preferences } from '../../../contract/preferences.schema.js';
import { statusOf } from '../../api/errors.js';
import type { NotificationSettings } from '../../api/notification-settings.js';
import type { NotificationSettingsCalls } from '../../api/notification-settings.js';
import { NotificationSettings as SettingsForm } from '../../ui/notification-settings.js';
import type { SettingChange } from '../../ui/notification-settings.js';

export interface NotificationSettingsContainerProps {
  calls: NotificationSettingsCalls;
  readOnly: boolean;
  /** The campus time zone (campus configuration): the clock the quiet hours are on. */
  timeZone: string;
  /** The campus's phone country (campus configuration): a number without + is read as one of it. */
  phoneCountry: string;
  /** Web push on this device: the push opt-in, when the app has one. */
  push?: ReactNode;
  /** Hears each saved preferences record (the portal hands it to its user record). */
  onSaved?: (preferences: Preferences) => void;
}

type Outcome = 'saved' | 'failed' | 'invalid-sms' | null;

/** "Pacific Time" for America/Los_Angeles: the zone's generic name, else its identifier. */
function zoneNameOf(timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' });
    return (
      parts.formatToParts(new Date()).find((x) => x.type === 'timeZoneName')?.value ?? timeZone
    );
  } catch {
    return timeZone;
  }
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * The one notification-settings screen, read and written the same way from both apps: the portal's
 * preferences record and Next Steps' topics, loaded together, each change saved on its own.
 */
export function NotificationSettingsContainer(props: NotificationSettingsContainerProps) {
  const { calls, onSaved } = props;
  const [status, setStatus] = useState<'loading' | 'failed' | 'ready'>('loading');
  const [data, setData] = useState<NotificationSettings | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const load = useCallback(() => {
    setStatus('loading');
    calls.load().then(
      (loaded) => {
        setData(loaded);
        setChosen(loaded.chosen.notifications);
        setStatus('ready');
      },
      (error: unknown) => {
        console.warn('Loading the notification settings failed', error);
        setStatus('failed');
      },
    );
  }, [calls]);
  useEffect(load, [load]);

  const saveEach = async (pk: number, changes: PreferenceChange[]) => {
    let last: Preferences | undefined;
    for (const change of changes) last = await calls.save(pk, change);
    return last;
  };

  const change = (c: SettingChange) => {
    if (!data || props.readOnly) return;
    const { pk } = data.preferences;
    // The one phone rule (contract/phone.rules.ts) reads the number as the server will, and the
    // number goes as E.164; one the rule refuses is not sent.
    const typed = c.field === 'sms_number' ? (c.value ?? '').trim() : '';
    const sms = typed === '' ? null : (toE164(typed, props.phoneCountry) ?? undefined);
    if (c.field === 'sms_number' && sms === undefined) {
      setOutcome('invalid-sms');
      return;
    }
    // Quiet hours are two fields, saved one after the other (a PUT holds one field).
    const changes: PreferenceChange[] =
      c.field === 'quiet_hours'
        ? [{ quiet_hours_start: c.start }, { quiet_hours_end: c.end }]
        : c.field === 'sms_number'
          ? [{ sms_number: sms ?? null }]
          : [{ [c.field]: c.value }];
    setSaving(true);
    setOutcome(null);
    saveEach(pk, changes)
      .then((saved) => {
        if (saved) {
          setData((d) => (d ? { ...d, preferences: saved } : d));
          onSaved?.(saved);
        }
        setOutcome('saved');
      })
      .catch((error: unknown) => {
        const invalid = c.field === 'sms_number' && statusOf(error) === 400;
        if (!invalid) console.warn('Saving a notification setting failed', error);
        setOutcome(invalid ? 'invalid-sms' : 'failed');
      })
      .finally(() => setSaving(false));
  };

  const saveTopics = () => {
    if (!data || props.readOnly) return;
    setSaving(true);
    setOutcome(null);
    calls
      .saveTopics(data.chosen.pk, chosen)
      .then((saved) => {
        setData((d) => (d ? { ...d, chosen: saved } : d));
        setOutcome('saved');
      })
      .catch((error: unknown) => {
        console.warn('Saving the notification topics failed', error);
        setOutcome('failed');
      })
      .finally(() => setSaving(false));
  };

  const p = data?.preferences;
  return (
    <SettingsForm
      status={status}
      value={
        data && p
          ? {
              byEmail: p.contact_by_email,
              byText: p.contact_by_text,
              // A number stored before the rule (digits only) is shown as the rule reads it.
              sms: formatPhoneNumber(p.sms_number, props.phoneCountry) || (p.sms_number ?? ''),
              quietStart: p.quiet_hours_start,
              quietEnd: p.quiet_hours_end,
              dailyDigest: p.daily_digest,
              topics: data.topics,
              chosen,
            }
          : null
      }
      saving={saving}
      outcome={outcome}
      topicsChanged={data !== null && !sameIds(chosen, data.chosen.notifications)}
      readOnly={props.readOnly}
      zoneName={zoneNameOf(props.timeZone)}
      push={props.push}
      onRetry={load}
      onChange={change}
      onToggleTopic={(id) => {
        setOutcome(null);
        setChosen((ids) =>
          ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id].sort((a, b) => a - b),
        );
      }}
      onSaveTopics={saveTopics}
    />
  );
}
