import { Fragment, type ReactNode } from 'react';
import type { Language } from '../../contract/language.schema.js';
import { translator } from '../i18n/catalogue.js';
import { EmailLayout } from './email-layout.js';

/** The reminders' one action, a link drawn as a button (underlined: a link in every client). */
export const BUTTON = {
  display: 'inline-block',
  padding: '12px 20px',
  backgroundColor: '#0b5394',
  color: '#ffffff',
  fontWeight: 'bold',
  textDecoration: 'underline',
  borderRadius: '4px',
};

/** An email as the mailer sends it. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** What every notification email closes with: why it came, and how to stop it or choose others. */
export interface EmailFooter {
  /** "You receive this because you chose deadline reminders in Campus Portal." */
  why: ReactNode;
  /** The one-click unsubscribe link's words ("Stop deadline reminders") and address. */
  stop: string;
  unsubscribeUrl: string;
  preferencesUrl: string;
  /** The reader's language (issue 59): the frame's words and `lang`; English when not given. */
  language?: Language;
}

export function hello(language: Language, name: string): string {
  const i18n = translator(language);
  return i18n._({ id: 'notify.email.hello', message: 'Hello {name},', values: { name } });
}

function choose(language: Language): string {
  const i18n = translator(language);
  return i18n._({ id: 'notify.email.choose', message: 'Choose your notifications' });
}

/**
 * The frame of every notification email, in the emails' one layout (email-layout.tsx): the greeting
 * opens it, links whose text says where they go, and the footer closes it.
 */
export function EmailFrame(
  props: EmailFooter & {
    subject: string;
    heading: ReactNode;
    /** The heading's language when it is not the email's (staff content not in the reader's). */
    headingLang?: Language;
    firstName: string;
    children: ReactNode;
  },
) {
  const language = props.language ?? 'en';
  return (
    <EmailLayout
      language={language}
      subject={props.subject}
      heading={props.heading}
      headingLang={props.headingLang}
    >
      <p>{hello(language, props.firstName)}</p>
      {props.children}
      <hr />
      <p style={{ fontSize: '14px' }}>
        {props.why} <a href={props.unsubscribeUrl}>{props.stop}</a> ·{' '}
        <a href={props.preferencesUrl}>{choose(language)}</a>
      </p>
    </EmailLayout>
  );
}

/**
 * A translated sentence with some of its values drawn as markup (`<strong>` around a title): the
 * catalogue gives the whole sentence, in the reader's word order, and the values are put in its place.
 */
export function withNodes(
  render: (values: Record<string, string>) => string,
  nodes: Record<string, ReactNode>,
): ReactNode[] {
  const marks = Object.fromEntries(Object.keys(nodes).map((key) => [key, `\uE000${key}\uE001`]));
  return render(marks)
    .split(/(\uE000[^\uE001]*\uE001)/)
    .map((part, index) => {
      const key = /^\uE000(.*)\uE001$/.exec(part)?.[1];
      return key !== undefined && key in nodes ? (
        <Fragment key={index}>{nodes[key]}</Fragment>
      ) : (
        part
      );
    });
}

/** The plain-text part in the same frame: the greeting, the body's lines, then the footer. */
export function textOf(
  firstName: string,
  body: readonly string[],
  footer: Omit<EmailFooter, 'why'> & { why: string },
): string {
  const language = footer.language ?? 'en';
  return [
    hello(language, firstName),
    '',
    ...body,
    '',
    '--',
    footer.why,
    `${footer.stop}: ${footer.unsubscribeUrl}`,
    `${choose(language)}: ${footer.preferencesUrl}`,
    '',
  ].join('\n');
}
