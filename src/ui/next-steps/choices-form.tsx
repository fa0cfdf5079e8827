import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ReadOnlyReason } from '../read-only-reason.js';
import { Loading } from '../loading.js';
import { RECORDS_LANG } from './records-lang.js';

export interface ChoicesFormProps {
  /** Names the group of choices; the page's heading names the screen, so this one is not it. */
  legend: string;
  intro: string;
  /** A word under the legend about where the choices come from, if any. */
  hint?: string;
  choices: Array<{ id: number; name: string }>;
  selected: number[];
  loading: boolean;
  failed: boolean;
  pending: boolean;
  saved: boolean;
  /** The last save failed: the ticks since are not kept yet. */
  saveFailed: boolean;
  /** The page shows what was kept for offline (issue 44): nothing can be ticked until it is back. */
  offline?: boolean;
  /** Offline (kept answers, or no connection at all): a failed read was not kept, not an error. */
  notKept?: boolean;
  /** Support views as the student (issue 73): nothing can be ticked, and the form says why. */
  viewingAs?: boolean;
  onToggle: (id: number) => void;
  /** Tries the ticks a failed save left unsaved again. */
  onSave: () => void;
  onRetry: () => void;
}

/** The status line's words, translated as the form draws them. */
function statusText({ pending, saved, saveFailed }: ChoicesFormProps): MessageDescriptor | null {
  if (pending) return msg`Saving…`;
  if (saveFailed) return msg`Your change could not be saved.`;
  if (saved) return msg`Saved.`;
  return null;
}

/**
 * A group of choices, each a whole-row label (a large tap target), saved as it is ticked (settings
 * have one save model, issue 43): the boxes stay usable while a save is on its way, so focus stays on
 * the one just ticked, and the status line, announced politely, stays in view at the bottom of the
 * screen while the group is on it. The screen's one heading is the page's; the group has its legend.
 */
export function ChoicesForm(props: ChoicesFormProps) {
  // Drawn again when the language changes, so the status line follows it.
  const { i18n } = useLingui();
  const status = statusText(props);
  if (props.loading) return <Loading />;
  if (props.failed && props.notKept) {
    // Offline, and this page was never read here: nothing failed (issue 76).
    return (
      <p className="notice" role="status">
        <Trans>
          Not available offline: this page’s information was not kept on this device. It loads again
          once you’re back online.
        </Trans>
      </p>
    );
  }
  if (props.failed) {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          <Trans>Error retrieving info</Trans>
        </p>
        <button type="button" onClick={props.onRetry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  return (
    <div className="choices">
      <p className="choices__intro">{props.intro}</p>
      <fieldset
        className="choices__group"
        disabled={props.offline === true || props.viewingAs === true}
        aria-describedby={props.hint ? 'choices-hint' : undefined}
      >
        <legend className="choices__legend">{props.legend}</legend>
        {props.hint && (
          <p id="choices-hint" className="choices__hint">
            {props.hint}
          </p>
        )}
        {props.choices.length === 0 && (
          <p>
            <Trans>No choices available.</Trans>
          </p>
        )}
        <div className="choices__list">
          {props.choices.map((c) => (
            <label key={c.id} className="choices__choice">
              <input
                type="checkbox"
                checked={props.selected.includes(c.id)}
                onChange={() => props.onToggle(c.id)}
              />
              {/* A name the staff gave in Next Steps' admin: English (issue 76). */}
              <span lang={RECORDS_LANG}>{c.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="choices__actions">
        <p role="status" aria-live="polite" className="choices__status">
          {props.viewingAs ? (
            <ReadOnlyReason readOnly="view-as" />
          ) : props.offline ? (
            <ReadOnlyReason readOnly="offline" />
          ) : (
            status && i18n._(status)
          )}
        </p>
        {props.saveFailed && !props.pending && !props.offline && (
          <button type="button" className="choices__save" onClick={props.onSave}>
            <Trans>Try again</Trans>
          </button>
        )}
      </div>
    </div>
  );
}
