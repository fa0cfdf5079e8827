import type { ReactNode } from 'react';
import { CsrfField, Hidden } from './fields.js';

/** One item of a list staff put in order. `fields` name the item in the form the move posts. */
export interface OrderedItem {
  key: string | number;
  /** What the item is called in its buttons' names: “Move “Canvas” up”. */
  name: string;
  /** The item's content, shown before its buttons. */
  content: ReactNode;
  fields: ReadonlyArray<readonly [string, string]>;
  /** Further buttons after Up and Down, e.g. a Remove form. */
  more?: ReactNode;
}

/**
 * A list staff reorder without script, by keyboard and pointer alike: each item's Up and Down are
 * buttons of their own POST forms with the CSRF token and the list's version (a stale move is
 * refused). The first item's Up and the last one's Down are disabled.
 */
export function OrderedList(props: {
  action: string;
  csrf: string;
  version: number;
  labelledBy: string;
  items: readonly OrderedItem[];
}) {
  const { action, csrf, version, items } = props;
  const button = (item: OrderedItem, move: 'up' | 'down', text: string, disabled: boolean) => (
    <form className="inline" method="post" action={action}>
      <CsrfField csrf={csrf} />
      <Hidden name="version" value={version} />
      {item.fields.map(([n, v]) => (
        <Hidden key={n} name={n} value={v} />
      ))}
      <Hidden name="action" value={move} />
      <button
        type="submit"
        className="secondary"
        aria-label={`Move “${item.name}” ${move}`}
        disabled={disabled}
      >
        {text}
      </button>
    </form>
  );
  return (
    <ol className="choice-list ordered" aria-labelledby={props.labelledBy}>
      {items.map((item, i) => (
        <li key={item.key}>
          <span>{item.content}</span>{' '}
          <span className="actions">
            {button(item, 'up', 'Up', i === 0)}
            {button(item, 'down', 'Down', i === items.length - 1)}
            {item.more}
          </span>
        </li>
      ))}
    </ol>
  );
}
