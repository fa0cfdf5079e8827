import type { I18n } from '@lingui/core';
import { translator } from '../i18n/catalogue.js';
import type { AppointmentWords } from './appointment-words.js';
import { BUTTON, EmailFrame, textOf, withNodes } from './email-frame.js';
import { htmlOf } from './email-layout.js';
import type { RenderedEmail } from './email-frame.js';

export interface AppointmentReminderContent {
  productName: string;
  firstName: string;
  withName: string;
  /** The office, when the booking system names it. */
  withOffice: string | null;
  place: string | null;
  /** An https address to join online (inbound checks it). */
  onlineLink: string | null;
  words: AppointmentWords;
  preferencesUrl: string;
  unsubscribeUrl: string;
}

const lead = (i18n: I18n, values: Record<string, string>) =>
  i18n._({
    id: 'notify.appointment.lead',
    message:
      '{hasOffice, select, yes {You have an appointment with {name} ({office}) {when}: {start}.} other {You have an appointment with {name} {when}: {start}.}}',
    values,
  });

/** The email's words in the reader's language; names and places stay as the office wrote them. */
function words(i18n: I18n, c: AppointmentReminderContent) {
  const hasOffice = c.withOffice ? 'yes' : 'no';
  const values = { name: c.withName, office: c.withOffice ?? '', hasOffice, when: c.words.when };
  return {
    stop: i18n._({ id: 'notify.appointment.stop', message: 'Stop appointment reminders' }),
    why: i18n._({
      id: 'notify.appointment.why',
      message:
        'You receive this because an office booked this appointment with you and you chose appointment reminders in {product}.',
      values: { product: c.productName },
    }),
    subject: i18n._({
      id: 'notify.appointment.subject',
      message: 'Appointment {when} with {name}',
      values,
    }),
    lead: lead(i18n, { ...values, start: c.words.start }),
    // The same sentence, its name and start drawn bold.
    leadHtml: withNodes((v) => lead(i18n, { ...values, start: c.words.start, ...v }), {
      name: <strong>{c.withName}</strong>,
      start: <strong>{c.words.start}</strong>,
    }),
    where: i18n._({
      id: 'notify.appointment.where',
      message: 'Where: {place}',
      values: { place: c.place ?? '' },
    }),
    join: i18n._({ id: 'notify.appointment.join', message: 'Join online' }),
  };
}

function AppointmentHtml(props: AppointmentReminderContent & { w: ReturnType<typeof words> }) {
  const { w } = props;
  return (
    <EmailFrame
      subject={w.subject}
      heading={w.subject}
      firstName={props.firstName}
      why={w.why}
      stop={w.stop}
      unsubscribeUrl={props.unsubscribeUrl}
      preferencesUrl={props.preferencesUrl}
      language={props.words.language}
    >
      <p>{w.leadHtml}</p>
      {props.place && <p>{w.where}</p>}
      {props.onlineLink && (
        <p>
          <a href={props.onlineLink} style={BUTTON}>
            {w.join}
          </a>
        </p>
      )}
    </EmailFrame>
  );
}

/**
 * An appointment's reminder (issue 92): with whom, when on the campus clock, where and the link to
 * join online, in the notification emails' frame with the topic's one-click unsubscribe.
 */
export function renderAppointmentReminder(content: AppointmentReminderContent): RenderedEmail {
  const language = content.words.language;
  const w = words(translator(language), content);
  const text = textOf(
    content.firstName,
    [
      w.lead,
      ...(content.place ? ['', w.where] : []),
      ...(content.onlineLink ? ['', `${w.join}: ${content.onlineLink}`] : []),
    ],
    {
      why: w.why,
      stop: w.stop,
      unsubscribeUrl: content.unsubscribeUrl,
      preferencesUrl: content.preferencesUrl,
      language,
    },
  );
  const html = htmlOf(<AppointmentHtml {...content} w={w} />);
  return { subject: w.subject, text, html };
}
