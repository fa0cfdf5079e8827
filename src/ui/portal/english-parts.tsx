import type { ReactNode } from 'react';
import { englishSegments } from '../../../contract/translations.rules.js';
import { RECORDS_LANG } from '../record-text.js';

/**
 * A text with its English parts marked (issue 87, WCAG 3.1.2): each place `english` names (a hold's
 * name the campus gives no Spanish for, inside a Spanish change message) in a `<span lang="en">`, so
 * a screen reader reads it with English rules. The text as it is when there are none.
 */
export function withEnglishParts(text: string, english: readonly string[] | undefined): ReactNode {
  const segments = englishSegments(text, english);
  if (segments.length === 1 && !segments[0]?.english) return text;
  return segments.map((segment, i) =>
    segment.english ? (
      <span key={i} lang={RECORDS_LANG}>
        {segment.text}
      </span>
    ) : (
      segment.text
    ),
  );
}
