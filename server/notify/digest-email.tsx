import type { I18n } from '@lingui/core';
import type { Language } from '../../contract/language.schema.js';
import { translator } from '../i18n/catalogue.js';
import { EmailFrame, textOf, withNodes } from './email-frame.js';
import { htmlOf } from './email-layout.js';
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
  /** The reader's language (issue 59); English when not given. */
  language?: Language;
}

const LINK = { color: '#0b5394', fontWeight: 'bold' };

/** The digest's words in the reader's language, with plurals by count (ICU). */
function words(i18n: I18n, c: DigestContent) {
  const count = c.items.length;
  const product = c.productName;
  const shared = {
    stop: i18n._({ id: 'notify.reminder.stop', message: 'Stop deadline reminders' }),
    open: i18n._({ id: 'notify.digest.open', message: 'Open your Next Steps list' }),
    leaves: i18n._({
      id: 'notify.digest.leaves',
      message:
        'Mark a task done, or dismiss one that does not apply to you, and it leaves these emails.',
    }),
  };
  return c.kind === 'weekly'
    ? {
        ...shared,
        subject: i18n._({
          id: 'notify.digest.weekly.subject',
          message: '{count, plural, one {# task} other {# tasks}} overdue in Next Steps',
          values: { count },
        }),
        heading: i18n._({
          id: 'notify.digest.weekly.heading',
          message: 'Your overdue Next Steps tasks',
        }),
        intro: i18n._({
          id: 'notify.digest.weekly.intro',
          message:
            '{count, plural, one {This task is past its deadline and not marked done:} other {These # tasks are past their deadline and not marked done:}}',
          values: { count },
        }),
        why: i18n._({
          id: 'notify.digest.weekly.why',
          message:
            'You receive this weekly summary because you chose deadline reminders in {product}.',
          values: { product },
        }),
      }
    : {
        ...shared,
        subject: i18n._({
          id: 'notify.digest.daily.subject',
          message: 'Due soon: {count, plural, one {# task} other {# tasks}} in Next Steps',
          values: { count },
        }),
        heading: i18n._({
          id: 'notify.digest.daily.heading',
          message: 'Your Next Steps deadlines',
        }),
        intro: i18n._({
          id: 'notify.digest.daily.intro',
          message: 'Today’s reminders, in one email as you chose:',
        }),
        why: i18n._({
          id: 'notify.digest.daily.why',
          message:
            'You receive this daily digest because you chose deadline reminders, gathered once a day, in {product}.',
          values: { product },
        }),
      };
}

/** The digest, in the notification emails' frame (email-frame.tsx). */
function DigestHtml(props: DigestContent & { w: ReturnType<typeof words> }) {
  const { w } = props;
  return (
    <EmailFrame
      subject={w.subject}
      heading={w.heading}
      firstName={props.firstName}
      why={w.why}
      stop={w.stop}
      unsubscribeUrl={props.unsubscribeUrl}
      preferencesUrl={props.preferencesUrl}
      language={props.language ?? 'en'}
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
        {withNodes((v) => `${v.open}. ${w.leaves}`, {
          open: <a href={props.listUrl}>{w.open}</a>,
        })}
      </p>
    </EmailFrame>
  );
}

/** The weekly or daily digest's subject, plain text and HTML. */
export function renderDigest(content: DigestContent): RenderedEmail {
  const language = content.language ?? 'en';
  const w = words(translator(language), content);
  const text = textOf(
    content.firstName,
    [
      w.intro,
      '',
      ...content.items.map((i) => `- ${i.title} — ${i.when}: ${i.due}\n  ${i.url}`),
      '',
      `${w.open}: ${content.listUrl}`,
      w.leaves,
    ],
    {
      why: w.why,
      stop: w.stop,
      unsubscribeUrl: content.unsubscribeUrl,
      preferencesUrl: content.preferencesUrl,
      language,
    },
  );
  const html = htmlOf(<DigestHtml {...content} w={w} />);
  return { subject: w.subject, text, html };
}
