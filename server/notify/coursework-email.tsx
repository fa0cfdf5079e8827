import type { I18n } from '@lingui/core';
import type { CourseworkSource } from '../../contract/coursework.schema.js';
import type { Language } from '../../contract/language.schema.js';
import { translator } from '../i18n/catalogue.js';
import { duePhrase } from './due-words.js';
import { BUTTON, EmailFrame, textOf, withNodes } from './email-frame.js';
import { htmlOf } from './email-layout.js';
import type { RenderedEmail } from './email-frame.js';

export interface CourseworkReminderContent {
  productName: string;
  firstName: string;
  title: string;
  /** The course, when the feed names it. */
  course: string | null;
  /** The due time in words on the campus clock (due-words.ts); an all-day item by its day. */
  due: string;
  /** "in 2 days", "tomorrow", … */
  when: string;
  /** The item in its LMS, or null when the feed gives no link. */
  link: string | null;
  /** The LMS the item comes from: the link back says "Open in Canvas", "Open in Moodle" … */
  source: CourseworkSource;
  preferencesUrl: string;
  unsubscribeUrl: string;
  /** The reader's language (issue 59); English when not given. */
  language?: Language;
}

/** The email's words in the reader's language; the item's title and course stay as the LMS wrote them. */
function words(i18n: I18n, c: CourseworkReminderContent) {
  const values = { title: c.title, course: c.course ?? '', hasCourse: c.course ? 'yes' : 'no' };
  return {
    stop: i18n._({ id: 'notify.coursework.stop', message: 'Stop coursework due date reminders' }),
    why: i18n._({
      id: 'notify.coursework.why',
      message: 'You receive this because you chose coursework due dates in {product}.',
      values: { product: c.productName },
    }),
    subject: i18n._({
      id: 'notify.coursework.subject',
      message:
        '{hasCourse, select, yes {Due {when}: {title} for {course}} other {Due {when}: {title}}}',
      values: { ...values, when: c.when },
    }),
    lead: i18n._({
      id: 'notify.coursework.lead',
      message:
        '{hasCourse, select, yes {Your coursework "{title}" for {course} is due {phrase}.} other {Your coursework "{title}" is due {phrase}.}}',
      values: { ...values, phrase: duePhrase(c) },
    }),
    leadHtml: withNodes(
      (v) =>
        i18n._({
          id: 'notify.coursework.lead-html',
          message:
            '{hasCourse, select, yes {Your coursework {title} for {course} is due {due} ({when}).} other {Your coursework {title} is due {due} ({when}).}}',
          values: { ...v, hasCourse: values.hasCourse, when: c.when },
        }),
      {
        title: <strong>{c.title}</strong>,
        course: <strong>{c.course}</strong>,
        due: <strong>{c.due}</strong>,
      },
    ),
    openIn: i18n._({
      id: 'notify.coursework.open-in',
      message:
        '{source, select, canvas {Open in Canvas} moodle {Open in Moodle} other {Open in your course site}}',
      values: { source: c.source },
    }),
    follows: i18n._({
      id: 'notify.coursework.follows',
      message: 'The due date is your course site’s: if it changes there, the portal follows.',
    }),
  };
}

function CourseworkHtml(props: CourseworkReminderContent & { w: ReturnType<typeof words> }) {
  const { w } = props;
  return (
    <EmailFrame
      subject={w.subject}
      heading={props.title}
      firstName={props.firstName}
      why={w.why}
      stop={w.stop}
      unsubscribeUrl={props.unsubscribeUrl}
      preferencesUrl={props.preferencesUrl}
      language={props.language ?? 'en'}
    >
      <p>{w.leadHtml}</p>
      {props.link && (
        <p>
          <a href={props.link} style={BUTTON}>
            {w.openIn}: {props.title}
          </a>
        </p>
      )}
      <p>{w.follows}</p>
    </EmailFrame>
  );
}

/** A coursework item's reminder: subject, plain text and HTML in the notification emails' frame. */
export function renderCourseworkReminder(content: CourseworkReminderContent): RenderedEmail {
  const language = content.language ?? 'en';
  const w = words(translator(language), content);
  const text = textOf(
    content.firstName,
    [w.lead, ...(content.link ? ['', `${w.openIn}: ${content.link}`] : []), '', w.follows],
    {
      why: w.why,
      stop: w.stop,
      unsubscribeUrl: content.unsubscribeUrl,
      preferencesUrl: content.preferencesUrl,
      language,
    },
  );
  const html = htmlOf(<CourseworkHtml {...content} w={w} />);
  return { subject: w.subject, text, html };
}
