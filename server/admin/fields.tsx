import type { ReactNode } from 'react';
import type { FieldErrors, FormValues } from './forms.js';

/** One form's state: what was typed and what is wrong with it. */
export interface FormState {
  values: FormValues;
  errors: FieldErrors;
}

interface Field {
  state: FormState;
  name: string;
  label: string;
  hint?: string | undefined;
  /** The control's id when one page holds several forms with the same field names. */
  id?: string | undefined;
  /** The language of what is typed, when it is not the admin's English (a Spanish version). */
  lang?: string | undefined;
}
type Options = ReadonlyArray<readonly [string, string]>;

const text = (state: FormState, name: string) => {
  const v = state.values[name];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
};

/** What a control carries: its name, and the hint and error that describe it for screen readers. */
interface ControlProps {
  id: string;
  name: string;
  'aria-describedby'?: string;
  'aria-invalid'?: 'true';
}

/** The label, the hint and the error message, tied to the control by id for screen readers. */
function Frame(props: Field & { control: (attrs: ControlProps) => ReactNode }) {
  const { state, name, label, hint, control } = props;
  const id = props.id ?? `f-${name}`;
  const error = state.errors[name];
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${error ? ' invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {control({
        id,
        name,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(error ? { 'aria-invalid': 'true' as const } : {}),
      })}
    </div>
  );
}

export function Input(
  props: Field & { type?: string; required?: boolean; min?: number; max?: number },
) {
  return (
    <Frame
      {...props}
      control={(attrs) => (
        <input
          {...attrs}
          type={props.type ?? 'text'}
          lang={props.lang}
          defaultValue={text(props.state, props.name)}
          required={props.required}
          min={props.min}
          max={props.max}
        />
      )}
    />
  );
}

export function Textarea(props: Field & { rows?: number }) {
  return (
    <Frame
      {...props}
      control={(attrs) => (
        <textarea
          {...attrs}
          rows={props.rows ?? 5}
          lang={props.lang}
          defaultValue={text(props.state, props.name)}
        />
      )}
    />
  );
}

export function Select(props: Field & { options: Options }) {
  return (
    <Frame
      {...props}
      control={(attrs) => (
        <select {...attrs} defaultValue={text(props.state, props.name)}>
          {props.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** A single checkbox: the label follows the box. */
export function Checkbox({ state, name, label }: Field) {
  const id = `f-${name}`;
  const error = state.errors[name];
  return (
    <div className="field check">
      <input
        type="checkbox"
        id={id}
        name={name}
        defaultChecked={['on', 'true'].includes(text(state, name))}
      />{' '}
      <label htmlFor={id}>{label}</label>
      {error ? <p className="error">{error}</p> : null}
    </div>
  );
}

/** Several checkboxes of one name, in a fieldset whose legend is the question. */
export function CheckboxGroup({ state, name, label, options }: Field & { options: Options }) {
  const raw = state.values[name];
  const chosen = new Set(Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]);
  const error = state.errors[name];
  const id = `f-${name}`;
  return (
    <fieldset
      id={id}
      className={`field${error ? ' invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
      // The error summary's link lands here: the question and its error are read together.
      tabIndex={error ? -1 : undefined}
    >
      <legend>{label}</legend>
      {error ? (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <ul className="choices">
        {options.map(([value, text], i) => (
          <li key={value}>
            <input
              type="checkbox"
              id={`${id}-${i}`}
              name={name}
              value={value}
              defaultChecked={chosen.has(value)}
              // Each box says the group's error too: screen readers seldom read a fieldset's.
              aria-describedby={error ? `${id}-error` : undefined}
              aria-invalid={error ? 'true' : undefined}
            />{' '}
            <label htmlFor={`${id}-${i}`}>{text}</label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The form's summary of its errors, first in the form, so a screen reader hears it first; each links
 * to its field (`fieldId`: the field's id, when the page gives its fields ids of their own).
 */
export function ErrorSummary({
  errors,
  fieldId = (name) => `f-${name}`,
  focusId,
}: {
  errors: FieldErrors;
  fieldId?: (name: string) => string;
  /** Where focus lands once the refused form is back: the summary's id, focusable and autofocused. */
  focusId?: string;
}) {
  const names = Object.keys(errors);
  if (names.length === 0) return null;
  const focus = focusId ? { id: focusId, tabIndex: -1, autoFocus: true } : {};
  return (
    <div className="notice problem" role="alert" {...focus}>
      <h2>Nothing was saved: please fix {names.length === 1 ? 'this' : 'these'}</h2>
      <ul>
        {names.map((n) => (
          <li key={n}>
            <a href={`#${fieldId(n)}`}>{errors[n] ?? ''}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const Hidden = ({ name, value }: { name: string; value: string | number }) => (
  <input type="hidden" name={name} value={value} />
);

export const CsrfField = ({ csrf }: { csrf: string }) => <Hidden name="csrf" value={csrf} />;

/**
 * A table of rows. On a narrow screen each row stacks into a card whose cells carry their column's
 * name (`data-label`, shown by the stylesheet); on a wide one it is a table.
 */
export function DataTable(props: {
  label: string;
  caption: string;
  headers: ReadonlyArray<string>;
  rows: ReadonlyArray<{ key: string | number; cells: ReadonlyArray<ReactNode> }>;
}) {
  return (
    <div className="table-wrap" role="region" aria-label={props.label} tabIndex={0}>
      <table className="stack">
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.headers.map((h, i) => (
              <th key={i} scope="col">
                {h || <span className="visually-hidden">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => (
                <td key={i} data-label={props.headers[i] ?? ''}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Why a change to something someone else changed meanwhile was not saved, above its form. */
export const StaleNotice = ({ detail, current }: { detail: string; current: string }) => (
  <div className="notice problem" role="alert">
    {detail} <a href={current}>Open the current version</a>
  </div>
);
