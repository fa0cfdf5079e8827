import type { FormState } from '../../admin/fields.js';
import { csrfField, errorSummary, input } from '../../admin/fields.js';
import type { Choice, ChoiceKind } from '../../db/repositories/admin-choices.repository.js';
import { escapeHtml } from '../../html/page.js';

export const KINDS: ReadonlyArray<{ kind: ChoiceKind; title: string; one: string }> = [
  { kind: 'category', title: 'Categories', one: 'category' },
  { kind: 'student-type', title: 'Student types', one: 'student type' },
  { kind: 'notification-type', title: 'Notification types', one: 'notification type' },
];

/** Which form a refused change came from, to show its messages and what was typed there. */
export interface ActiveForm {
  kind: ChoiceKind;
  id: number | null;
  state: FormState;
}

const fresh: FormState = { values: {}, errors: {} };

function choiceForm(kind: ChoiceKind, csrf: string, state: FormState, choice?: Choice) {
  const action = choice ? `/admin/choices/${kind}/${choice.id}` : `/admin/choices/${kind}`;
  const suffix = choice ? `-${choice.id}` : '';
  // Each form's fields need their own ids on a page of many forms.
  const prefixed: FormState = {
    values: Object.fromEntries(Object.entries(state.values).map(([k, v]) => [`${k}${suffix}`, v])),
    errors: Object.fromEntries(Object.entries(state.errors).map(([k, v]) => [`${k}${suffix}`, v])),
  };
  const rename = (html: string, name: string) =>
    html.replace(`name="${name}${suffix}"`, `name="${name}"`);
  const name = rename(
    input(prefixed, { name: `name${suffix}`, label: choice ? `Name of “${choice.name}”` : 'Name' }),
    'name',
  );
  const slug =
    kind === 'category'
      ? rename(
          input(prefixed, {
            name: `slug${suffix}`,
            label: choice ? `Slug of “${choice.name}”` : 'Slug',
            hint: choice
              ? undefined
              : 'Lower-case letters, digits and dashes; "fun" is shown without a border.',
          }),
          'slug',
        )
      : '';
  // What the form shows now: a rename is refused if the choice was renamed since.
  const seen = choice
    ? `<input type="hidden" name="previous_name" value="${escapeHtml(choice.name)}">${kind === 'category' ? `<input type="hidden" name="previous_slug" value="${escapeHtml(choice.slug ?? '')}">` : ''}`
    : '';
  return `<form class="filters" method="post" action="${action}">${csrfField(csrf)}${seen}${name}${slug}<div class="actions"><button type="submit"${choice ? ' class="secondary"' : ''}>${choice ? 'Rename' : 'Add'}</button>${choice ? ` <a href="/admin/choices/${kind}/${choice.id}/delete">Delete…</a>` : ''}</div></form>`;
}

const valuesOf = (choice: Choice): FormState => ({
  values: { name: choice.name, ...(choice.slug === undefined ? {} : { slug: choice.slug }) },
  errors: {},
});

export function choicesBody(lists: Map<ChoiceKind, Choice[]>, csrf: string, active?: ActiveForm) {
  return KINDS.map(({ kind, title, one }) => {
    const items = lists.get(kind) ?? [];
    const stateFor = (id: number | null, fallback: FormState) =>
      active && active.kind === kind && active.id === id ? active.state : fallback;
    const rows = items
      .map(
        (c) =>
          `<li>${choiceForm(kind, csrf, stateFor(c.id, valuesOf(c)), c)}<p class="hint">${c.uses === 0 ? 'Not used' : `Used by ${c.uses} task${c.uses === 1 ? '' : 's'}`}</p></li>`,
      )
      .join('');
    const summary = active && active.kind === kind ? errorSummary(active.state.errors) : '';
    return `<section aria-labelledby="h-${kind}"><h2 id="h-${kind}">${escapeHtml(title)}</h2>${summary}
<ul class="choice-list">${rows}</ul>
<h3>Add a ${escapeHtml(one)}</h3>${choiceForm(kind, csrf, stateFor(null, fresh))}</section>`;
  }).join('\n');
}

export function choiceDeleteConfirm(kind: ChoiceKind, choice: Choice, csrf: string) {
  const one = KINDS.find((k) => k.kind === kind)?.one ?? kind;
  return `<p>Delete the ${escapeHtml(one)} <strong>${escapeHtml(choice.name)}</strong>? This cannot be undone.</p>
<form method="post" action="/admin/choices/${kind}/${choice.id}/delete">${csrfField(csrf)}
  <div class="actions"><button type="submit" class="danger">Delete</button> <a href="/admin/choices">Keep it</a></div>
</form>`;
}
