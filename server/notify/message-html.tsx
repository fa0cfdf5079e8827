import type { ReactNode } from 'react';
import { isEmailAddress } from '../../contract/email-address.rules.js';
import { normaliseLink } from '../../contract/link.rules.js';
import { englishSegments } from '../../contract/translations.rules.js';

/**
 * A staff message's body in an email's HTML part. Staff write it as plain text in `/admin/messages`
 * ("Plain text: links and formatting are not shown" on the portal), and the email is where the
 * reader expects what a mail client does with plain text: a blank line starts a paragraph, a line
 * break stays a line break, and a written address is a link. Nothing in the text is markup: React
 * escapes every piece, and only `http(s)://` addresses (by the portal's link rule, so no
 * credentials) and `mailto:` one address become links; `javascript:` and the rest stay words.
 */
export function messageParagraphs(body: string, english?: readonly string[]): ReactNode[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para, p) => (
      <p key={p}>
        {para
          .split('\n')
          .flatMap((line, l) => [
            ...(l > 0 ? [<br key={`br${l}`} />] : []),
            ...markedLine(line, `${l}`, english),
          ])}
      </p>
    ));
}

/**
 * A text with its English parts (issue 87: a hold's name the campus gives no Spanish for, in a
 * Spanish change message) each in a `<span lang="en">` (WCAG 3.1.2); the text as it is otherwise.
 */
export function withEnglishParts(text: string, english?: readonly string[]): ReactNode {
  const segments = englishSegments(text, english);
  if (segments.length === 1 && !segments[0]?.english) return text;
  return segments.map((s, i) =>
    s.english ? (
      <span key={i} lang="en">
        {s.text}
      </span>
    ) : (
      s.text
    ),
  );
}

/** A line's English parts marked, the rest's addresses linked. */
function markedLine(line: string, key: string, english?: readonly string[]): ReactNode[] {
  return englishSegments(line, english).flatMap((s, i): ReactNode[] =>
    s.english
      ? [
          <span key={`${key}:en${i}`} lang="en">
            {s.text}
          </span>,
        ]
      : linked(s.text, `${key}:${i}`),
  );
}

/** A written address: up to whitespace or a character that cannot end one in running text. */
const ADDRESS = /\b(?:https?:\/\/|mailto:)[^\s<>"]+/gi;
/** Punctuation that ends the sentence more often than the address. */
const TRAILING = /[.,;:!?'’)\]]+$/;

/** The link an address written in the text stands for, or null when it may not be one. */
export function linkOf(written: string): string | null {
  if (/^mailto:/i.test(written)) {
    return isEmailAddress(written.slice('mailto:'.length)) ? written : null;
  }
  return normaliseLink(written);
}

function linked(line: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let from = 0;
  for (const match of line.matchAll(ADDRESS)) {
    let written = match[0];
    const trailing = TRAILING.exec(written)?.[0] ?? '';
    // A closing parenthesis that closes one opened inside the address is part of it (Wikipedia).
    const keep = trailing.startsWith(')') && written.includes('(') ? 1 : 0;
    written = written.slice(0, written.length - trailing.length + keep);
    const href = linkOf(written);
    if (!href) continue;
    out.push(line.slice(from, match.index));
    out.push(
      <a key={`${key}:${match.index}`} href={href}>
        {written}
      </a>,
    );
    from = match.index + written.length;
  }
  out.push(line.slice(from));
  return out.filter((part) => part !== '');
}
