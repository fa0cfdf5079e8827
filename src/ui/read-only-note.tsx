import { useLingui } from '@lingui/react/macro';
import { readOnlyText } from '../lib/read-only.js';
import { useReadOnly } from './view-as-context.js';

/**
 * Issue 87: while support views the portal as the student, a section's one visible note of why its
 * controls are disabled; each of them names it (`aria-describedby={id}`), so a screen reader says
 * the reason with the control. Nothing otherwise.
 */
export function ReadOnlyNote({ id, className = '' }: { id: string; className?: string }) {
  // Read with the reader's language, and redrawn when it changes.
  const { i18n } = useLingui();
  if (!useReadOnly()) return null;
  return (
    <p id={id} className={`muted read-only-note ${className}`.trim()} lang={i18n.locale}>
      {readOnlyText('view-as')}
    </p>
  );
}
