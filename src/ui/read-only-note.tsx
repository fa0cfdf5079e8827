import { ReadOnlyReason } from './read-only-reason.js';
import { useReadOnly } from './view-as-context.js';

/**
 * Issue 87: while support views the portal as the student, a section's one visible note of why its
 * controls are disabled; each of them names it (`aria-describedby={id}`), so a screen reader says
 * the reason with the control, in the viewer's language. Nothing otherwise.
 */
export function ReadOnlyNote({ id, className = '' }: { id: string; className?: string }) {
  if (!useReadOnly()) return null;
  return (
    <p id={id} className={`muted read-only-note ${className}`.trim()}>
      <ReadOnlyReason readOnly="view-as" />
    </p>
  );
}
