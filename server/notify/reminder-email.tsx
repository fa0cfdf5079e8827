import type { I18n } from '@lingui/core';
import type { Language } from '../../contract/language.schema.js';
import { translator } from '../i18n/catalogue.js';
import { duePhrase } from './due-words.js';
import { BUTTON, EmailFrame, textOf, withNodes } from './email-frame.js';
import { htmlOf } from './email-layout.js';
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
  /** The reader's language (issue 59); English when not given. */
  language?: Language;
}

/** The reminder's words in the reader's language; the task title and names stay as written. */
function words(i18n: I18n, c: ReminderContent) {
  return {
    stop: i18n._({ id: 'notify.reminder.stop', message: 'Stop deadline reminders' }),
    why: i18n._({
      id: 'notify.reminder.why',
      message: 'You receive this because you chose deadline reminders in {product}.',
      values: { product: c.productName },
    }),
    lead: i18n._({
      id: 'notify.reminder.lead',
      message: 'Your Next Steps task "{title}" is due {phrase}.',
      values: { title: c.taskTitle, phrase: duePhrase(c) },
    }),
    leadHtml: withNodes(
      (v) =>
        i18n._({
          id: 'notify.reminder.lead-html',
          message: 'Your Next Steps task {title} is due {due} ({when}).',
          values: { title: v.title, due: v.due, when: c.when },
        }),
      { title: <strong>{c.taskTitle}</strong>, due: <strong>{c.due}</strong> },
    ),
    open: i18n._({
      id: 'notify.reminder.open',
      message: 'Open {title} in Next Steps',
      values: { title: c.taskTitle },
    }),
    openText: i18n._({
      id: 'notify.reminder.open-text',
      message: 'Open it in Next Steps: {url}',
      values: {
        url: c.taskUrl,
      },
    }),
    done: i18n._({
      id: 'notify.reminder.done',
      message: 'If you have done it already, mark it done in Next Steps and the reminders stop.',
    }),
    subject: i18n._({
      id: 'notify.reminder.subject',
      message: 'Due {when}: {title}',
      values: { when: c.when, title: c.taskTitle },
    }),
  };
}

/** A Next Steps deadline reminder, in the notification emails' frame (email-frame.tsx). */
function ReminderHtml(props: ReminderContent & { w: ReturnType<typeof words> }) {
  const { w } = props;
  return (
    <EmailFrame
      subject={w.subject}
      heading={props.taskTitle}
      firstName={props.firstName}
      why={w.why}
      stop={w.stop}
      unsubscribeUrl={props.unsubscribeUrl}
      preferencesUrl={props.preferencesUrl}
      language={props.language ?? 'en'}
    >
      <p>{w.leadHtml}</p>
      <p>
        <a href={props.taskUrl} style={BUTTON}>
          {w.open}
        </a>
      </p>
      <p>{w.done}</p>
    </EmailFrame>
  );
}

/** The reminder's subject, plain text and HTML, in the reader's language. */
export function renderReminder(content: ReminderContent): RenderedEmail {
  const language = content.language ?? 'en';
  const w = words(translator(language), content);
  const text = textOf(content.firstName, [w.lead, '', w.openText, '', w.done], {
    why: w.why,
    stop: w.stop,
    unsubscribeUrl: content.unsubscribeUrl,
    preferencesUrl: content.preferencesUrl,
    language,
  });
  const html = htmlOf(<ReminderHtml {...content} w={w} />);
  return { subject: w.subject, text, html };
}
