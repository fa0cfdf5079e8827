import { EmailFrame, htmlOf, textOf } from './email-frame.js';
import type { RenderedEmail } from './email-frame.js';

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

const STOP = 'Stop deadline reminders';
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

/** The digest, in the notification emails' frame (email-frame.tsx). */
function DigestHtml(props: DigestContent & { subject: string }) {
  const w = words(props);
  return (
    <EmailFrame
      subject={props.subject}
      heading={w.heading}
      firstName={props.firstName}
      why={w.why}
      stop={STOP}
      unsubscribeUrl={props.unsubscribeUrl}
      preferencesUrl={props.preferencesUrl}
    >
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
        <a href={props.listUrl}>Open your Next Steps list</a>. Mark a task done, or dismiss one that
        does not apply to you, and it leaves these emails.
      </p>
    </EmailFrame>
  );
}

/** The weekly or daily digest's subject, plain text and HTML. */
export function renderDigest(content: DigestContent): RenderedEmail {
  const w = words(content);
  const text = textOf(
    content.firstName,
    [
      w.intro,
      '',
      ...content.items.map((i) => `- ${i.title} — ${i.when}: ${i.due}\n  ${i.url}`),
      '',
      `Open your Next Steps list: ${content.listUrl}`,
      'Mark a task done, or dismiss one that does not apply to you, and it leaves these emails.',
    ],
    {
      why: w.why,
      stop: STOP,
      unsubscribeUrl: content.unsubscribeUrl,
      preferencesUrl: content.preferencesUrl,
    },
  );
  const html = htmlOf(<DigestHtml {...content} subject={w.subject} />);
  return { subject: w.subject, text, html };
}
