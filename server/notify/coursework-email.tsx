import { duePhrase } from './due-words.js';
import { BUTTON, EmailFrame, htmlOf, textOf } from './email-frame.js';
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
  /** "Open in Canvas", "Open in Moodle", "Open in your course site". */
  openIn: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
}

const STOP = 'Stop coursework due date reminders';
const why = (product: string) =>
  `You receive this because you chose coursework due dates in ${product}.`;

/** "Essay 2 for ENGL 101", or the title alone. */
const named = (c: CourseworkReminderContent) => (c.course ? `${c.title} for ${c.course}` : c.title);

function CourseworkHtml(props: CourseworkReminderContent & { subject: string }) {
  return (
    <EmailFrame
      subject={props.subject}
      heading={props.title}
      firstName={props.firstName}
      why={why(props.productName)}
      stop={STOP}
      unsubscribeUrl={props.unsubscribeUrl}
      preferencesUrl={props.preferencesUrl}
    >
      <p>
        Your coursework <strong>{props.title}</strong>
        {props.course && (
          <>
            {' '}
            for <strong>{props.course}</strong>
          </>
        )}{' '}
        is due <strong>{props.due}</strong> ({props.when}).
      </p>
      {props.link && (
        <p>
          <a href={props.link} style={BUTTON}>
            {props.openIn}: {props.title}
          </a>
        </p>
      )}
      <p>The due date is your course site’s: if it changes there, the portal follows.</p>
    </EmailFrame>
  );
}

/** A coursework item's reminder: subject, plain text and HTML in the notification emails' frame. */
export function renderCourseworkReminder(content: CourseworkReminderContent): RenderedEmail {
  const subject = `Due ${content.when}: ${named(content)}`;
  const text = textOf(
    content.firstName,
    [
      `Your coursework "${content.title}"${content.course ? ` for ${content.course}` : ''} is due ${duePhrase(content)}.`,
      ...(content.link ? ['', `${content.openIn}: ${content.link}`] : []),
      '',
      'The due date is your course site’s: if it changes there, the portal follows.',
    ],
    {
      why: why(content.productName),
      stop: STOP,
      unsubscribeUrl: content.unsubscribeUrl,
      preferencesUrl: content.preferencesUrl,
    },
  );
  const html = htmlOf(<CourseworkHtml {...content} subject={subject} />);
  return { subject, text, html };
}
