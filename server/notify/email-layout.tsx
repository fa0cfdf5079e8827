import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Language } from '../../contract/language.schema.js';

const BODY = { margin: 0, padding: '24px', backgroundColor: '#ffffff', color: '#1a1a1a' };
const TEXT = {
  fontFamily: 'Arial, Helvetica, sans-serif',
  fontSize: '16px',
  lineHeight: '1.5',
};

/**
 * The one layout of the portal's emails (issue 77): the notification emails' frame
 * (email-frame.tsx) and the view-as notice (view-as-email.tsx) are drawn in it. Rendered by React
 * (react-dom/server), which escapes every value. Accessible email HTML: the reader's language, a
 * title, the content in a main landmark, one layout table marked `role="presentation"`, a real
 * heading, inline styles only (mail clients drop style sheets), contrast above 4.5:1.
 */
export function EmailLayout(props: {
  /** The reader's language: the document's `lang`. */
  language: Language;
  /** The email's subject, its title. */
  subject: string;
  heading: ReactNode;
  /** The heading's language when it is not the email's (staff content not in the reader's). */
  headingLang?: Language | undefined;
  children: ReactNode;
}) {
  return (
    <html lang={props.language}>
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
                  <h1 style={{ fontSize: '22px', margin: '0 0 16px' }} lang={props.headingLang}>
                    {props.heading}
                  </h1>
                  {props.children}
                </td>
              </tr>
            </tbody>
          </table>
        </main>
      </body>
    </html>
  );
}

/** The HTML part: the layout's markup after a doctype. */
export const htmlOf = (email: ReactNode): string =>
  `<!doctype html>\n${renderToStaticMarkup(email)}`;
