import type { FormState } from '../../admin/fields.js';
import { listOf } from '../../admin/forms.js';

const BLANK_LINK_ROWS = 2;

/** A post's links as rows of the post form, with two empty rows to add more. */
export function LinkRows({ state }: { state: FormState }) {
  const rows = listOf(state.values.link_url).length + BLANK_LINK_ROWS;
  const cell = (name: string, i: number, label: string) => (
    <div className="field">
      <label htmlFor={`f-${name}-${i}`}>{`${label} ${i + 1}`}</label>
      <input id={`f-${name}-${i}`} name={name} defaultValue={listOf(state.values[name])[i] ?? ''} />
    </div>
  );
  const error = state.errors.links;
  return (
    <fieldset id="f-links" className={`field${error ? ' invalid' : ''}`}>
      <legend>Links, in order</legend>
      {error ? (
        <p className="error" id="f-links-error">
          {error}
        </p>
      ) : null}
      <p className="hint">
        Resources lists and school tools show these. Leave a row empty for no link.
      </p>
      <ol className="choice-list">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="grid">
            {cell('link_url', i, 'Address')}
            {cell('link_label', i, 'Text')}
            {cell('link_description', i, 'Description')}
            {cell('link_icon', i, 'Icon')}
          </li>
        ))}
      </ol>
    </fieldset>
  );
}
