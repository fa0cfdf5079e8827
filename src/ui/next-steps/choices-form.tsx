import { Loading } from '../loading.js';

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
  /** Ticked or unticked since the last save. */
  changed: boolean;
  saveLabel: string;
  onToggle: (id: number) => void;
  onSave: () => void;
  onRetry: () => void;
}

function statusText({ pending, saved, changed }: ChoicesFormProps): string {
  if (pending) return 'Saving…';
  if (saved) return 'Saved.';
  if (changed) return 'Not saved yet.';
  return '';
}

/**
 * A group of choices, each a whole-row label (a large tap target), a save button and the saved state
 * announced politely; the screen's one heading is the page's, the group has its own legend.
 */
export function ChoicesForm(props: ChoicesFormProps) {
  if (props.loading) return <Loading />;
  if (props.failed) {
    return (
      <div className="notice notice--error" role="alert">
        <p>Error retrieving info</p>
        <button type="button" onClick={props.onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <form
      className="choices"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave();
      }}
    >
      <p className="choices__intro">{props.intro}</p>
      <fieldset
        className="choices__group"
        aria-describedby={props.hint ? 'choices-hint' : undefined}
      >
        <legend className="choices__legend">{props.legend}</legend>
        {props.hint && (
          <p id="choices-hint" className="choices__hint">
            {props.hint}
          </p>
        )}
        {props.choices.length === 0 && <p>No choices available.</p>}
        <div className="choices__list">
          {props.choices.map((c) => (
            <label key={c.id} className="choices__choice">
              <input
                type="checkbox"
                checked={props.selected.includes(c.id)}
                onChange={() => props.onToggle(c.id)}
              />
              <span>{c.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="choices__actions">
        <button type="submit" className="choices__save" disabled={props.pending}>
          {props.saveLabel}
        </button>
        <p role="status" aria-live="polite" className="choices__status">
          {statusText(props)}
        </p>
      </div>
    </form>
  );
}
