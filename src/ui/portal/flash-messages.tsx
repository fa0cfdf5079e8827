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
  return (
    <div className="flash" role="status" aria-live="polite">
      {messages.map((m) => (
        <p key={m.id} className="flash__message">
          <span>{m.message}</span>
          <button
            type="button"
            className="flash__dismiss"
            aria-label={`Dismiss: ${m.message}`}
            onClick={() => onDismiss(m.id)}
          >
            Dismiss
          </button>
        </p>
      ))}
    </div>
  );
}
