import { ReadOnlyReason } from './read-only-reason.js';
import { useReadOnlyCapacity } from './view-as-context.js';

/**
 * Issue 87, 88: while support views the portal as the student (or a delegate reads it), a section's one visible note of why its
 * controls are disabled; each of them names it (`aria-describedby={id}`), so a screen reader says
 * the reason with the control, in the viewer's language. Nothing otherwise.
 */
export function ReadOnlyNote({ id, className = '' }: { id: string; className?: string }) {
  const capacity = useReadOnlyCapacity();
  if (!capacity) return null;
  return (
    <p id={id} className={`muted read-only-note ${className}`.trim()}>
      <ReadOnlyReason readOnly={capacity} />
    </p>
  );
}
