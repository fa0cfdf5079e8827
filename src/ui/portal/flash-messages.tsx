import { Trans, useLingui } from '@lingui/react/macro';

export interface FlashItem {
  id: number;
  message: string;
}

/** Flash messages (portal.md §4): they go by themselves after 5 seconds, or when dismissed. */
export function FlashMessages({
  messages,
  onDismiss,
}: {
  messages: readonly FlashItem[];
  onDismiss: (id: number) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="flash" role="status" aria-live="polite">
      {messages.map(({ id, message }) => (
        <p key={id} className="flash__message">
          <span>{message}</span>
          <button
            type="button"
            className="flash__dismiss"
            aria-label={t`Dismiss: ${message}`}
            onClick={() => onDismiss(id)}
          >
            <Trans>Dismiss</Trans>
          </button>
        </p>
      ))}
    </div>
  );
}
