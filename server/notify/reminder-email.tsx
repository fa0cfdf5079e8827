import { renderToStaticMarkup } from 'react-dom/server';

export interface ReminderContent {
  productName: string;
  firstName: string;
  taskTitle: string;
  /** The deadline on the campus clock, in words ("Thu, Nov 26, 2026, 3:59 PM PST"). */
  due: string;
  /** "in 3 days", "tomorrow", … */
  when: string;
  taskUrl: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const BODY = { margin: 0, padding: '24px', backgroundColor: '#ffffff', color: '#1a1a1a' };
const TEXT = { fontFamily: 'Arial, Helvetica, sans-serif', fontSize: '16px', lineHeight: '1.5' };
const BUTTON = {
  display: 'inline-block',
  padding: '12px 20px',
  backgroundColor: '#0b5394',
  color: '#ffffff',
  fontWeight: 'bold',
  textDecoration: 'underline',
  borderRadius: '4px',
};

/**
 * A Next Steps deadline reminder. React renders it (react-dom/server, already the admin's renderer),
 * escaping every value: a task title cannot become markup. Accessible email HTML: a language, a
 * title, the content in a main landmark, one layout table marked `role="presentation"`, real headings and links whose text says
 * where they go, inline styles only (mail clients drop style sheets), contrast above 4.5:1.
 */
function ReminderHtml(props: ReminderContent & { subject: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.subject}</title>
      </head>
      <body style={BODY}>
        <main>
          <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
            <tbody>
              <tr>
                <td style={TEXT}>
                  <h1 style={{ fontSize: '22px', margin: '0 0 16px' }}>{props.taskTitle}</h1>
                  <p>Hello {props.firstName},</p>
                  <p>
                    Your Next Steps task <strong>{props.taskTitle}</strong> is due {props.when}:{' '}
                    <strong>{props.due}</strong>.
                  </p>
                  <p>
                    <a href={props.taskUrl} style={BUTTON}>
                      Open {props.taskTitle} in Next Steps
                    </a>
                  </p>
                  <p>
                    If you have done it already, mark it done in Next Steps and the reminders stop.
                  </p>
                  <hr />
                  <p style={{ fontSize: '14px' }}>
                    You receive this because you chose deadline reminders in {props.productName}.{' '}
                    <a href={props.unsubscribeUrl}>Stop deadline reminders</a> ·{' '}
                    <a href={props.preferencesUrl}>Choose your notifications</a>
                  </p>
                </td>
              </tr>
            </tbody>
          </table>
        </main>
      </body>
    </html>
  );
}

/** The reminder's subject, plain text and HTML. */
export function renderReminder(content: ReminderContent): RenderedEmail {
  const subject = `Due ${content.when}: ${content.taskTitle}`;
  const text = [
    `Hello ${content.firstName},`,
    '',
    `Your Next Steps task "${content.taskTitle}" is due ${content.when}: ${content.due}.`,
    '',
    `Open it in Next Steps: ${content.taskUrl}`,
    '',
    'If you have done it already, mark it done in Next Steps and the reminders stop.',
    '',
    '--',
    `You receive this because you chose deadline reminders in ${content.productName}.`,
    `Stop deadline reminders: ${content.unsubscribeUrl}`,
    `Choose your notifications: ${content.preferencesUrl}`,
    '',
  ].join('\n');
  const html = `<!doctype html>\n${renderToStaticMarkup(<ReminderHtml {...content} subject={subject} />)}`;
  return { subject, text, html };
}
