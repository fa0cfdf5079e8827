import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';

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
  const { t, i18n } = useLingui();
  return (
    <div className="flash" role="status" aria-live="polite">
      {messages.map(({ id, message }) => {
        const text = i18n._(message);
        return (
          <p key={id} className="flash__message">
            <span>{text}</span>
            <button
              type="button"
              className="flash__dismiss"
              aria-label={t`Dismiss: ${text}`}
              onClick={() => onDismiss(id)}
            >
              <Trans>Dismiss</Trans>
            </button>
          </p>
        );
      })}
    </div>
  );
}
