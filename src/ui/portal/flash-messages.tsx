import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
export interface FlashItem {
  id: number;
  /** A message of the catalogue, translated here (issue 59). */
  message: MessageDescriptor;
}

/** Flash messages (portal.md §4): they go by themselves after 5 seconds, or when dismissed. */
export function FlashMessages({
  messages,
  onDismiss,
}: {
  messages: readonly FlashItem[];
  onDismiss: (id: number) => void;
}) {
  const { i18n } = useLingui();
  return (
    <div className="flash" role="status" aria-live="polite">
      {messages.map((m) => (
        <p key={m.id} className="flash__message">
          <span>{i18n._(m.message)}</span>
          <button
            type="button"
            className="flash__dismiss"
            aria-label={`Dismiss: ${i18n._(m.message)}`}
            onClick={() => onDismiss(m.id)}
          >
            Dismiss
          </button>
        </p>
      ))}
    </div>
  );
}
