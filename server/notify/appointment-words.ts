import type { Language } from '../../contract/language.schema.js';
import { translator } from '../i18n/catalogue.js';
import type { AppointmentLead } from './appointment-key.js';
import { dueIn, dueTimeText } from './due-words.js';
import { TEXT_LIMIT } from './reminder-text.js';
import { textBody } from './text-body.js';

/** An appointment's time in the words of its reminders (email, text, push). */
export interface AppointmentWords {
  /** "tomorrow" ("mañana") the evening before, "in an hour" ("en una hora") the hour before. */
  when: string;
  /** Its start on the campus clock, the product's form: "Thu, Dec 3, 2026, 10:00 AM PST". */
  start: string;
  language: Language;
}

export function appointmentWords(
  startsAt: Date,
  lead: AppointmentLead,
  now: Date,
  zone: string,
  language: Language,
): AppointmentWords {
  const i18n = translator(language);
  return {
    when:
      lead === 'hour'
        ? i18n._({ id: 'notify.appointment.in-an-hour', message: 'in an hour' })
        : dueIn(startsAt, now, zone, language),
    start: dueTimeText(startsAt, false, zone, language),
    language,
  };
}

/** Where a text or a push says it is: the place, else the online link. */
export const whereOf = (a: { place: string | null; onlineLink: string | null }) =>
  a.place ?? a.onlineLink ?? '';

/**
 * The reminder as a text message: the product, with whom, when, and where (the place, else the
 * link), in one 160-character GSM segment where the words allow (a long name is shortened).
 */
export function appointmentText(i: {
  productName: string;
  withName: string;
  where: string;
  words: AppointmentWords;
}): string {
  const i18n = translator(i.words.language);
  const frame = (name: string) =>
    textBody(
      i18n._({
        id: 'notify.text.appointment',
        message:
          '{hasWhere, select, yes {{product}: appointment with {name} {when}, {start}. {where}} other {{product}: appointment with {name} {when}, {start}.}}',
        values: {
          product: i.productName,
          name,
          when: i.words.when,
          start: i.words.start,
          where: i.where,
          hasWhere: i.where ? 'yes' : 'no',
        },
      }),
    );
  const whole = frame(i.withName);
  if (whole.length <= TEXT_LIMIT) return whole;
  const room = TEXT_LIMIT - frame('').length - 3;
  if (room < 12) return whole;
  return frame(`${i.withName.slice(0, room).trimEnd()}...`);
}

/** The reminder's push notification: "Appointment tomorrow: Dr. Lee", its start and where. */
export function appointmentPushText(withName: string, where: string, words: AppointmentWords) {
  const i18n = translator(words.language);
  return {
    title: i18n
      ._({
        id: 'notify.push.appointment.title',
        message: 'Appointment {when}: {name}',
        values: { when: words.when, name: withName },
      })
      .slice(0, 200),
    body: i18n._({
      id: 'notify.push.appointment.body',
      message: '{hasWhere, select, yes {{start}, {where}} other {{start}}}',
      values: { start: words.start, where, hasWhere: where ? 'yes' : 'no' },
    }),
  };
}
