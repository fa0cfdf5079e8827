import type { FormState } from '../../admin/fields.js';
import { CsrfField, ErrorSummary, Hidden, Input } from '../../admin/fields.js';
import type { Choice, ChoiceKind } from '../../db/repositories/admin-choices.repository.js';

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

/**
 * A field's id on a page of many forms: unique across the kinds and their choices (one "Add" form
 * per kind, one rename form per choice).
 */
const fieldIdOf = (kind: ChoiceKind, id: number | null, name: string) =>
  id === null ? `f-${kind}-${name}` : `f-${kind}-${name}-${id}`;

function ChoiceForm(props: { kind: ChoiceKind; csrf: string; state: FormState; choice?: Choice }) {
  const { kind, csrf, state, choice } = props;
  const action = choice ? `/admin/choices/${kind}/${choice.id}` : `/admin/choices/${kind}`;
  // Each form's fields need their own ids on a page of many forms.
  const idOf = (name: string) => fieldIdOf(kind, choice?.id ?? null, name);
  return (
    <form className="filters" method="post" action={action}>
      <CsrfField csrf={csrf} />
      {/* What the form shows now: a rename is refused if the choice was renamed since. */}
      {choice ? <Hidden name="previous_name" value={choice.name} /> : null}
      {choice && kind === 'category' ? (
        <Hidden name="previous_slug" value={choice.slug ?? ''} />
      ) : null}
      <Input
        state={state}
        name="name"
        id={idOf('name')}
        label={choice ? `Name of “${choice.name}”` : 'Name'}
      />
      {kind === 'category' ? (
        <Input
          state={state}
          name="slug"
          id={idOf('slug')}
          label={choice ? `Slug of “${choice.name}”` : 'Slug'}
          hint={
            choice
              ? undefined
              : 'Lower-case letters, digits and dashes; "fun" is shown without a border.'
          }
        />
      ) : null}
      <div className="actions">
        <button type="submit" className={choice ? 'secondary' : undefined}>
          {choice ? 'Rename' : 'Add'}
        </button>
        {choice ? (
          <>
            {' '}
            <a href={`/admin/choices/${kind}/${choice.id}/delete`}>Delete…</a>
          </>
        ) : null}
      </div>
    </form>
  );
}

const valuesOf = (choice: Choice): FormState => ({
  values: { name: choice.name, ...(choice.slug === undefined ? {} : { slug: choice.slug }) },
  errors: {},
});

export function ChoicesBody(props: {
  lists: Map<ChoiceKind, Choice[]>;
  csrf: string;
  active?: ActiveForm | undefined;
}) {
  const { lists, csrf, active } = props;
  return (
    <>
      <p>
        The choices a task is made of. Students pick their student types and notification types in
        Next Steps.
      </p>
      {KINDS.map(({ kind, title, one }) => {
        const stateFor = (id: number | null, fallback: FormState) =>
          active && active.kind === kind && active.id === id ? active.state : fallback;
        return (
          <section key={kind} aria-labelledby={`h-${kind}`}>
            <h2 id={`h-${kind}`}>{title}</h2>
            {active && active.kind === kind ? (
              <ErrorSummary
                errors={active.state.errors}
                fieldId={(name) => fieldIdOf(kind, active.id, name)}
              />
            ) : null}
            <ul className="choice-list">
              {(lists.get(kind) ?? []).map((c) => (
                <li key={c.id}>
                  <ChoiceForm
                    kind={kind}
                    csrf={csrf}
                    state={stateFor(c.id, valuesOf(c))}
                    choice={c}
                  />
                  <p className="hint">
                    {c.uses === 0 ? 'Not used' : `Used by ${c.uses} task${c.uses === 1 ? '' : 's'}`}
                  </p>
                </li>
              ))}
            </ul>
            <h3>Add a {one}</h3>
            <ChoiceForm kind={kind} csrf={csrf} state={stateFor(null, fresh)} />
          </section>
        );
      })}
    </>
  );
}

export function ChoiceDeleteConfirm(props: { kind: ChoiceKind; choice: Choice; csrf: string }) {
  const { kind, choice, csrf } = props;
  const one = KINDS.find((k) => k.kind === kind)?.one ?? kind;
  return (
    <>
      <p>
        Delete the {one} <strong>{choice.name}</strong>? This cannot be undone.
      </p>
      <form method="post" action={`/admin/choices/${kind}/${choice.id}/delete`}>
        <CsrfField csrf={csrf} />
        <div className="actions">
          <button type="submit" className="danger">
            Delete
          </button>{' '}
          <a href="/admin/choices">Keep it</a>
        </div>
      </form>
    </>
  );
}
