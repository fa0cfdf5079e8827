import { renderToStaticMarkup } from 'react-dom/server';
import type { DelegateCategory } from '../../contract/delegates.schema.js';
import type { Language } from '../../contract/language.schema.js';
import { translator } from '../i18n/catalogue.js';
import type { RenderedEmail } from '../notify/email-frame.js';
import { accessPhrase, categoryList, grantDay } from './words.js';

/** What a grant's email tells of: a grant, a change, a revocation, its end by date. */
export type GrantEvent = 'grant' | 'change' | 'revoke' | 'expiry';

export interface GrantFacts {
  studentName: string;
  delegateName: string;
  categories: readonly DelegateCategory[];
  purpose: string;
  endsAt: Date;
  zone: string;
  /** The portal's address (the student's Account page) or the invitation's link. */
  link: string;
  /** The university's name in the reader's language: each email to the delegate names it (issue 87). */
  university?: string;
  /** Whether the campus takes payments in the portal: a delegate with Finances may then pay (issue 89). */
  paysHere?: boolean;
}

function paragraphsHtml(language: Language, subject: string, paragraphs: string[], link: string) {
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <title>{subject}</title>
      </head>
      <body
        style={{ fontFamily: 'Arial, Helvetica, sans-serif', fontSize: '16px', color: '#1a1a1a' }}
      >
        <main>
          <h1 style={{ fontSize: '22px' }}>{subject}</h1>
          {paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <p>
            <a href={link}>{link}</a>
          </p>
        </main>
      </body>
    </html>,
  )}`;
}

/** One grant or payment email: its subject, its text, and the same as HTML. */
export const email = (language: Language, subject: string, paragraphs: string[], link: string) => ({
  subject,
  text: [...paragraphs, '', link, ''].join('\n\n'),
  html: paragraphsHtml(language, subject, paragraphs, link),
});

/** The email to the delegate about a grant event, in the delegate's language. */
export function delegateEmail(event: GrantEvent, f: GrantFacts, language: Language): RenderedEmail {
  const i18n = translator(language);
  const values = {
    student: f.studentName,
    name: f.delegateName,
    categories: categoryList(i18n, f.categories),
    until: grantDay(f.endsAt, language, f.zone),
    purpose: f.purpose,
    university: f.university ?? '',
    access: accessPhrase(i18n, f.categories, f.paysHere ?? false),
  };
  const purpose = i18n._({ id: 'delegates.email.purpose', message: 'Purpose: {purpose}', values });
  switch (event) {
    case 'grant':
      return email(
        language,
        i18n._({
          id: 'delegates.email.invite.subject',
          message: '{student} invites you to see part of their student record at {university}',
          values,
        }),
        [
          i18n._({
            id: 'delegates.email.invite.lead',
            message:
              '{student}, a student at {university}, shared {categories} with you, {access}, until {until}.',
            values,
          }),
          purpose,
          i18n._({
            id: 'delegates.email.invite.link',
            message:
              'Open this link within 7 days to accept. It works once. Then we email you a link to sign in.',
          }),
        ],
        f.link,
      );
    case 'change':
      return email(
        language,
        i18n._({
          id: 'delegates.email.changed.subject',
          message: '{student} changed what they share with you at {university}',
          values,
        }),
        [
          i18n._({
            id: 'delegates.email.changed.lead',
            message:
              '{student}, a student at {university}, now shares {categories} with you, {access}, until {until}.',
            values,
          }),
          purpose,
        ],
        f.link,
      );
    case 'revoke':
      return email(
        language,
        i18n._({
          id: 'delegates.email.revoked.subject',
          message: '{student} stopped sharing their student record at {university} with you',
          values,
        }),
        [
          i18n._({
            id: 'delegates.email.revoked.lead',
            message: 'You can no longer see {categories} of {student}, a student at {university}.',
            values,
          }),
        ],
        f.link,
      );
    case 'expiry':
      return email(
        language,
        i18n._({
          id: 'delegates.email.expired.subject',
          message: 'Your access to the student record of {student} at {university} ended',
          values,
        }),
        [
          i18n._({
            id: 'delegates.email.expired.lead',
            message:
              'The access {student}, a student at {university}, gave you to {categories} ended on {until}.',
            values,
          }),
        ],
        f.link,
      );
  }
}

/** The email to the student about a grant event, in the student's language. */
export function studentEmail(event: GrantEvent, f: GrantFacts, language: Language): RenderedEmail {
  const i18n = translator(language);
  const values = {
    name: f.delegateName,
    categories: categoryList(i18n, f.categories),
    until: grantDay(f.endsAt, language, f.zone),
    purpose: f.purpose,
  };
  const manage = i18n._({
    id: 'delegates.email.student.manage',
    message: 'You can change or stop sharing at any time in Account, under People you share with.',
  });
  const subjects: Record<GrantEvent, string> = {
    grant: i18n._({
      id: 'delegates.email.student.grant.subject',
      message: 'You shared part of your student record with {name}',
      values,
    }),
    change: i18n._({
      id: 'delegates.email.student.change.subject',
      message: 'You changed what you share with {name}',
      values,
    }),
    revoke: i18n._({
      id: 'delegates.email.student.revoke.subject',
      message: 'You stopped sharing your student record with {name}',
      values,
    }),
    expiry: i18n._({
      id: 'delegates.email.student.expiry.subject',
      message: 'Sharing with {name} ended',
      values,
    }),
  };
  const leads: Record<GrantEvent, string> = {
    grant: i18n._({
      id: 'delegates.email.student.grant.lead',
      message: 'You shared {categories} with {name} until {until}. Purpose: {purpose}',
      values,
    }),
    change: i18n._({
      id: 'delegates.email.student.change.lead',
      message: 'You now share {categories} with {name} until {until}. Purpose: {purpose}',
      values,
    }),
    revoke: i18n._({
      id: 'delegates.email.student.revoke.lead',
      message: '{name} can no longer see {categories}.',
      values,
    }),
    expiry: i18n._({
      id: 'delegates.email.student.expiry.lead',
      message: 'Sharing {categories} with {name} ended on {until}.',
      values,
    }),
  };
  return email(language, subjects[event], [leads[event], manage], f.link);
}

/** The delegate's one-time sign-in link (15 minutes, single use). */
export function signInLinkEmail(link: string, language: Language): RenderedEmail {
  const i18n = translator(language);
  return email(
    language,
    i18n._({ id: 'delegates.email.link.subject', message: 'Your sign-in link' }),
    [
      i18n._({
        id: 'delegates.email.link.lead',
        message:
          'Open this link within 15 minutes to sign in. It works once. If you did not ask for it, ignore this email.',
      }),
    ],
    link,
  );
}
