import type { ReactNode } from 'react';
import { RECORDS_LANG } from '../record-text.js';

/**
 * A text with its English parts marked (issue 87, WCAG 3.1.2): each place `english` names (a hold's
 * name the campus gives no Spanish for, inside a Spanish change message) in a `<span lang="en">`, so
 * a screen reader reads it with English rules. The text as it is when there are none; the longest
 * part first where two overlap.
 */
export function withEnglishParts(text: string, english: readonly string[] | undefined): ReactNode {
  const parts = [...new Set(english ?? [])]
    .filter((p) => p !== '')
    .sort((a, b) => b.length - a.length);
  if (parts.length === 0) return text;
  const out: ReactNode[] = [];
  let from = 0;
  while (from < text.length) {
    let at = -1;
    let found = '';
    for (const part of parts) {
      const i = text.indexOf(part, from);
      if (i !== -1 && (at === -1 || i < at)) [at, found] = [i, part];
    }
    if (at === -1) break;
    if (at > from) out.push(text.slice(from, at));
    out.push(
      <span key={out.length} lang={RECORDS_LANG}>
        {found}
      </span>,
    );
    from = at + found.length;
  }
  if (from < text.length) out.push(text.slice(from));
  return out.length === 1 ? out[0] : out;
}
