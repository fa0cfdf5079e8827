import { escapeHtml } from '../html/page.js';
import type { FieldErrors, FormValues } from './forms.js';

/** One form's state: what was typed and what is wrong with it. */
export interface FormState {
  values: FormValues;
  errors: FieldErrors;
}

interface Field {
  name: string;
  label: string;
  hint?: string;
}

const text = (state: FormState, name: string) => {
  const v = state.values[name];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
};

/** The label, the hint and the error message, tied to the control by id for screen readers. */
function frame(state: FormState, field: Field, control: (attrs: string) => string) {
  const id = `f-${field.name}`;
  const error = state.errors[field.name];
  const described = [field.hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const attrs = `id="${id}" name="${escapeHtml(field.name)}"${described ? ` aria-describedby="${described}"` : ''}${error ? ' aria-invalid="true"' : ''}`;
  return `<div class="field${error ? ' invalid' : ''}">
  <label for="${id}">${escapeHtml(field.label)}</label>${field.hint ? `\n  <p class="hint" id="${id}-hint">${escapeHtml(field.hint)}</p>` : ''}${error ? `\n  <p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}
  ${control(attrs)}
</div>`;
}

export function input(
  state: FormState,
  field: Field & { type?: string; required?: boolean; extra?: string },
) {
  return frame(
    state,
    field,
    (attrs) =>
      `<input ${attrs} type="${field.type ?? 'text'}" value="${escapeHtml(text(state, field.name))}"${field.required ? ' required' : ''}${field.extra ? ` ${field.extra}` : ''}>`,
  );
}

export function textarea(state: FormState, field: Field & { rows?: number }) {
  return frame(
    state,
    field,
    (attrs) =>
      `<textarea ${attrs} rows="${field.rows ?? 5}">${escapeHtml(text(state, field.name))}</textarea>`,
  );
}

export function select(
  state: FormState,
  field: Field & { options: ReadonlyArray<readonly [string, string]> },
) {
  const current = text(state, field.name);
  const options = field.options
    .map(
      ([value, label]) =>
        `<option value="${escapeHtml(value)}"${value === current ? ' selected' : ''}>${escapeHtml(label)}</option>`,
    )
    .join('');
  return frame(state, field, (attrs) => `<select ${attrs}>${options}</select>`);
}

/** A single checkbox: the label follows the box. */
export function checkbox(state: FormState, field: Field) {
  const id = `f-${field.name}`;
  const on = ['on', 'true'].includes(text(state, field.name));
  const error = state.errors[field.name];
  return `<div class="field check"><input type="checkbox" id="${id}" name="${escapeHtml(field.name)}"${on ? ' checked' : ''}> <label for="${id}">${escapeHtml(field.label)}</label>${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}</div>`;
}

/** Several checkboxes of one name, in a fieldset whose legend is the question. */
export function checkboxGroup(
  state: FormState,
  field: Field & { options: ReadonlyArray<readonly [string, string]> },
) {
  const raw = state.values[field.name];
  const chosen = new Set(Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]);
  const error = state.errors[field.name];
  const id = `f-${field.name}`;
  const boxes = field.options
    .map(
      ([value, label], i) =>
        `<li><input type="checkbox" id="${id}-${i}" name="${escapeHtml(field.name)}" value="${escapeHtml(value)}"${chosen.has(value) ? ' checked' : ''}> <label for="${id}-${i}">${escapeHtml(label)}</label></li>`,
    )
    .join('');
  return `<fieldset id="${id}" class="field${error ? ' invalid' : ''}"${error ? ` aria-describedby="${id}-error"` : ''}>
  <legend>${escapeHtml(field.label)}</legend>${error ? `\n  <p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}
  <ul class="choices">${boxes}</ul>
</fieldset>`;
}

/** The form's summary of its errors, first in the form, so a screen reader hears it first. */
export function errorSummary(errors: FieldErrors) {
  const names = Object.keys(errors);
  if (names.length === 0) return '';
  const items = names
    .map((n) => `<li><a href="#f-${escapeHtml(n)}">${escapeHtml(errors[n] ?? '')}</a></li>`)
    .join('');
  return `<div class="notice problem" role="alert"><h2>Nothing was saved: please fix ${names.length === 1 ? 'this' : 'these'}</h2><ul>${items}</ul></div>`;
}

export const csrfField = (csrf: string) =>
  `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`;

/**
 * A table of rows (cells already escaped HTML). On a narrow screen each row stacks into a card whose
 * cells carry their column's name (`data-label`, shown by the stylesheet); on a wide one it is a table.
 */
export function dataTable(options: {
  label: string;
  caption: string;
  headers: ReadonlyArray<string>;
  rows: ReadonlyArray<ReadonlyArray<string>>;
}) {
  const head = options.headers
    .map(
      (h) =>
        `<th scope="col">${h ? escapeHtml(h) : '<span class="visually-hidden">Actions</span>'}</th>`,
    )
    .join('');
  const body = options.rows
    .map(
      (cells) =>
        `<tr>${cells.map((cell, i) => `<td data-label="${escapeHtml(options.headers[i] ?? '')}">${cell}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<div class="table-wrap" role="region" aria-label="${escapeHtml(options.label)}" tabindex="0"><table class="stack"><caption>${escapeHtml(options.caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}
