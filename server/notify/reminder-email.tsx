import { duePhrase } from './due-words.js';
import { BUTTON, EmailFrame, htmlOf, textOf } from './email-frame.js';
import type { RenderedEmail } from './email-frame.js';

export type { RenderedEmail } from './email-frame.js';

export interface ReminderContent {
  productName: string;
  firstName: string;
  taskTitle: string;
  /** The deadline in words (due-words.ts): "Thursday, November 26" when date-only. */
  due: string;
  /** "in 3 days", "tomorrow", … */
  when: string;
  taskUrl: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
}

const STOP = 'Stop deadline reminders';

/** A Next Steps deadline reminder, in the notification emails' frame (email-frame.tsx). */
function ReminderHtml(props: ReminderContent & { subject: string }) {
  return (
    <EmailFrame
      subject={props.subject}
      heading={props.taskTitle}
      firstName={props.firstName}
      why={<>You receive this because you chose deadline reminders in {props.productName}.</>}
      stop={STOP}
      unsubscribeUrl={props.unsubscribeUrl}
      preferencesUrl={props.preferencesUrl}
    >
      <p>
        Your Next Steps task <strong>{props.taskTitle}</strong> is due <strong>{props.due}</strong>{' '}
        ({props.when}).
      </p>
      <p>
        <a href={props.taskUrl} style={BUTTON}>
          Open {props.taskTitle} in Next Steps
        </a>
      </p>
      <p>If you have done it already, mark it done in Next Steps and the reminders stop.</p>
    </EmailFrame>
  );
}

/** The reminder's subject, plain text and HTML. */
export function renderReminder(content: ReminderContent): RenderedEmail {
  const subject = `Due ${content.when}: ${content.taskTitle}`;
  const text = textOf(
    content.firstName,
    [
      `Your Next Steps task "${content.taskTitle}" is due ${duePhrase(content)}.`,
      '',
      `Open it in Next Steps: ${content.taskUrl}`,
      '',
      'If you have done it already, mark it done in Next Steps and the reminders stop.',
    ],
    {
      why: `You receive this because you chose deadline reminders in ${content.productName}.`,
      stop: STOP,
      unsubscribeUrl: content.unsubscribeUrl,
      preferencesUrl: content.preferencesUrl,
    },
  );
  const html = htmlOf(<ReminderHtml {...content} subject={subject} />);
  return { subject, text, html };
}
