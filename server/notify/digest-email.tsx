import { renderToStaticMarkup } from 'react-dom/server';
import type { RenderedEmail } from './reminder-email.js';

export interface DigestItem {
  title: string;
  /** "Thu, Nov 26, 2026, 3:59 PM PST" */
  due: string;
  /** "was due 3 days ago", "due tomorrow", … */
  when: string;
  url: string;
}

export interface DigestContent {
  kind: 'weekly' | 'daily';
  productName: string;
  firstName: string;
  items: DigestItem[];
  listUrl: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
}

const BODY = { margin: 0, padding: '24px', backgroundColor: '#ffffff', color: '#1a1a1a' };
const TEXT = { fontFamily: 'Arial, Helvetica, sans-serif', fontSize: '16px', lineHeight: '1.5' };
const LINK = { color: '#0b5394', fontWeight: 'bold' };

const plural = (n: number) => `${n} task${n === 1 ? '' : 's'}`;

function words(c: DigestContent) {
  const n = c.items.length;
  return c.kind === 'weekly'
    ? {
        subject: `${plural(n)} overdue in Next Steps`,
        heading: 'Your overdue Next Steps tasks',
        intro: `${n === 1 ? 'This task is' : `These ${n} tasks are`} past ${n === 1 ? 'its' : 'their'} deadline and not marked done:`,
        why: `You receive this weekly summary because you chose deadline reminders in ${c.productName}.`,
      }
    : {
        subject: `Due soon: ${plural(n)} in Next Steps`,
        heading: 'Your Next Steps deadlines',
        intro: `Today’s reminders, in one email as you chose:`,
        why: `You receive this daily digest because you chose deadline reminders, gathered once a day, in ${c.productName}.`,
      };
}

/** The digest as accessible email HTML (the reminder's conventions: reminder-email.tsx). */
function DigestHtml(props: DigestContent & { subject: string }) {
  const w = words(props);
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
                  <h1 style={{ fontSize: '22px', margin: '0 0 16px' }}>{w.heading}</h1>
                  <p>Hello {props.firstName},</p>
                  <p>{w.intro}</p>
                  <ul>
                    {props.items.map((item) => (
                      <li key={item.url} style={{ marginBottom: '8px' }}>
                        <a href={item.url} style={LINK}>
                          {item.title}
                        </a>{' '}
                        — {item.when}: {item.due}
                      </li>
                    ))}
                  </ul>
                  <p>
                    <a href={props.listUrl}>Open your Next Steps list</a>. Mark a task done, or
                    dismiss one that does not apply to you, and it leaves these emails.
                  </p>
                  <hr />
                  <p style={{ fontSize: '14px' }}>
                    {w.why} <a href={props.unsubscribeUrl}>Stop deadline reminders</a> ·{' '}
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

/** The weekly or daily digest's subject, plain text and HTML. */
export function renderDigest(content: DigestContent): RenderedEmail {
  const w = words(content);
  const text = [
    `Hello ${content.firstName},`,
    '',
    w.intro,
    '',
    ...content.items.map((i) => `- ${i.title} — ${i.when}: ${i.due}\n  ${i.url}`),
    '',
    `Open your Next Steps list: ${content.listUrl}`,
    'Mark a task done, or dismiss one that does not apply to you, and it leaves these emails.',
    '',
    '--',
    w.why,
    `Stop deadline reminders: ${content.unsubscribeUrl}`,
    `Choose your notifications: ${content.preferencesUrl}`,
    '',
  ].join('\n');
  const html = `<!doctype html>\n${renderToStaticMarkup(<DigestHtml {...content} subject={w.subject} />)}`;
  return { subject: w.subject, text, html };
}
