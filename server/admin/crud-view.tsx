import type { ReactNode } from 'react';
import type { FormState } from './fields.js';
import { CsrfField, ErrorSummary, Hidden } from './fields.js';

/** A stored item as its admin pages address it: `${list}/${id}`, saved at `version`. */
interface Versioned {
  id: number;
  version: number;
}

/**
 * A kind's form, new (`item` undefined) or an edit of `item` carrying the version it was read at:
 * its errors and `problem` above, its fields, then save, cancel and (for an item) delete.
 */
export function ItemForm(props: {
  list: string;
  item?: Versioned | undefined;
  state: FormState;
  csrf: string;
  problem?: ReactNode;
  /** The submit button's words: for a new item, and for an edit. */
  create: string;
  save: string;
  /** Whether an item's form links to its delete confirmation. */
  deletable: boolean;
  children: ReactNode;
}) {
  const { list, item, state } = props;
  return (
    <>
      <ErrorSummary errors={state.errors} />
      {props.problem}
      <form method="post" action={item ? `${list}/${item.id}` : list} noValidate>
        <CsrfField csrf={props.csrf} />
        {item ? (
          <Hidden name="version" value={String(state.values.version ?? item.version)} />
        ) : null}
        {props.children}
        <div className="actions">
          <button type="submit">{item ? props.save : props.create}</button>{' '}
          <a href={list}>Cancel</a>
          {item && props.deletable ? (
            <>
              {' '}
              <a href={`${list}/${item.id}/delete`}>Delete…</a>
            </>
          ) : null}
        </div>
      </form>
    </>
  );
}

/** Asks before deleting `item`: the form posts the version that was shown. */
export function DeleteConfirm(props: {
  list: string;
  item: Versioned;
  csrf: string;
  /** The danger button's words, e.g. `Delete the post`. */
  button: string;
  /** What is deleted and what that means. */
  children: ReactNode;
}) {
  const { list, item } = props;
  return (
    <>
      <p>{props.children}</p>
      <form method="post" action={`${list}/${item.id}/delete`}>
        <CsrfField csrf={props.csrf} />
        <Hidden name="version" value={item.version} />
        <div className="actions">
          <button type="submit" className="danger">
            {props.button}
          </button>{' '}
          <a href={`${list}/${item.id}`}>Keep it</a>
        </div>
      </form>
    </>
  );
}

/** A list's search: its filters, then the Search button; a GET, so the address keeps the query. */
export function SearchForm(props: { list: string; label: string; children: ReactNode }) {
  return (
    <form
      className="filters"
      method="get"
      action={props.list}
      role="search"
      aria-label={props.label}
    >
      {props.children}
      <div className="actions">
        <button type="submit">Search</button>
      </div>
    </form>
  );
}
