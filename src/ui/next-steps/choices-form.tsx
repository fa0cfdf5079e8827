import { Loading } from '../loading.js';

export interface ChoicesFormProps {
  title: string;
  intro: string;
  choices: Array<{ id: number; name: string }>;
  selected: number[];
  loading: boolean;
  failed: boolean;
  pending: boolean;
  saved: boolean;
  saveLabel: string;
  onToggle: (id: number) => void;
  onSave: () => void;
  onRetry: () => void;
}

/** A list of choices, each shown with whether the user has chosen it, and a save button. */
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
      <fieldset>
        <legend>{props.title}</legend>
        <p className="muted">{props.intro}</p>
        {props.choices.length === 0 && <p>No choices available.</p>}
        {props.choices.map((c) => (
          <label key={c.id} className="choices__choice">
            <input
              type="checkbox"
              checked={props.selected.includes(c.id)}
              onChange={() => props.onToggle(c.id)}
            />
            {c.name}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={props.pending}>
        {props.saveLabel}
      </button>
      <p role="status" className="choices__status">
        {props.pending ? 'Saving…' : props.saved ? 'Saved.' : ''}
      </p>
    </form>
  );
}
