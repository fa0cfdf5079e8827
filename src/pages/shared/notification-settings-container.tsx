import { i18n } from '@lingui/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { FORMAT_LOCALES } from '../../../contract/language.schema.js';
import { formatPhoneNumber } from '../../../contract/phone.rules.js';
import type { Preferences } from '../../../contract/preferences.schema.js';
import type { NotificationSettingsCalls } from '../../api/notification-settings.js';
import { outcomeOf } from '../../lib/contact-changes.js';
import {
  contactPreferencesMachine,
  selectContactGroup,
  selectSaves,
  selectSettings,
  selectSettingsStatus,
} from '../../machines/contact-preferences.machine.js';
import {
  preferenceSavesMachine,
  selectShownPreferences,
} from '../../machines/preference-saves.machine.js';
import {
  selectChosenTopics,
  selectTopicsChanged,
  topicSavesMachine,
} from '../../machines/topic-saves.machine.js';
import { NotificationSettings as SettingsForm } from '../../ui/notification-settings.js';
import type { ReadOnly } from '../../lib/read-only.js';
import { useActorRef } from '../../inspector/use-actor-ref.js';

export interface NotificationSettingsContainerProps {
  calls: NotificationSettingsCalls;
  readOnly: ReadOnly;
  /** The campus time zone (campus configuration): the clock the quiet hours are on. */
  timeZone: string;
  /** The campus's phone country (campus configuration): a number without + is read as one of it. */
  phoneCountry: string;
  /** Web push on this device: the push opt-in, when the app has one. */
  push?: ReactNode;
  /** Hears each saved preferences record (the portal hands it to its user record). */
  onSaved?: (preferences: Preferences) => void;
  /** Hears each failed save (Next Steps shows its "Trouble connecting" toast, next-steps.md §8). */
  onSaveFailed?: () => void;
}

/**
 * "Pacific Time" for America/Los_Angeles ("hora del Pacífico" in Spanish): the zone's generic name
 * in the reader's language, else its identifier.
 */
function zoneNameOf(timeZone: string): string {
  const locale = i18n.locale === 'es' ? FORMAT_LOCALES.es : FORMAT_LOCALES.en;
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' });
    return (
      parts.formatToParts(new Date()).find((x) => x.type === 'timeZoneName')?.value ?? timeZone
    );
  } catch {
    return timeZone;
  }
}

/**
 * The one notification-settings screen, read and written the same way from both apps: the portal's
 * preferences record and Next Steps' topics, loaded together, each change saved on its own.
 */
export function NotificationSettingsContainer(props: NotificationSettingsContainerProps) {
  const { calls, onSaved, onSaveFailed, readOnly } = props;
  const actor = useActorRef(
    contactPreferencesMachine.provide({
      actors: {
        load: fromPromise(() => calls.load()),
        preferences: preferenceSavesMachine.provide({
          actors: { save: fromPromise(({ input }) => calls.save(input.pk, input.change)) },
          actions: {
            reportSaved: (_, preferences) => onSaved?.(preferences),
            reportSaveFailed: () => onSaveFailed?.(),
            logFailure: (_, { what, error }) => console.warn(what, error),
          },
        }),
        topics: topicSavesMachine.provide({
          actors: {
            saveTopics: fromPromise(({ input }) => calls.saveTopics(input.pk, input.notifications)),
          },
          actions: {
            reportSaveFailed: () => onSaveFailed?.(),
            logFailure: (_, { what, error }) => console.warn(what, error),
          },
        }),
      },
      actions: { logFailure: (_, { what, error }) => console.warn(what, error) },
    }),
    { input: { country: props.phoneCountry } },
  );
  const status = useSelector(actor, selectSettingsStatus);
  const data = useSelector(actor, selectSettings);
  const saves = useSelector(
    actor,
    selectSaves,
    (a, b) => a.preferences === b.preferences && a.topics === b.topics,
  );
  const group = useSelector(actor, selectContactGroup);
  const chosen = useSelector(saves.topics, (s) => (s ? selectChosenTopics(s) : []));
  const topicsChanged = useSelector(saves.topics, (s) => (s ? selectTopicsChanged(s) : false));
  // The status line of the last change's group says how its save went.
  const last = group === 'topics' ? saves.topics : saves.preferences;
  const saving = useSelector(last, (s) => s?.hasTag('pending') ?? false);
  const outcome = useSelector(last, (s) => (s ? outcomeOf(s) : null));
  // What the store holds with the changes on their way laid over it: nothing waits for a save.
  const p = useSelector(saves.preferences, (s) => (s ? selectShownPreferences(s) : null));
  // In demo mode nothing is sent: the controls are locked, and what reaches here anyway is dropped.
  const send: typeof actor.send = (event) => {
    if (readOnly === null) actor.send(event);
  };
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
      group={group}
      topicsChanged={topicsChanged}
      readOnly={readOnly}
      zoneName={zoneNameOf(props.timeZone)}
      push={props.push}
      onRetry={() => actor.send({ type: 'contact.retry' })}
      onChange={(change) => send({ type: 'contact.change', change })}
      onToggleTopic={(id) => send({ type: 'contact.toggleTopic', id })}
      onSaveTopics={() => send({ type: 'contact.saveTopics' })}
    />
  );
}
