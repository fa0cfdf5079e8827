import { escapeHtml } from '../html/page.js';
import { csrfField } from './fields.js';

/** One item of a list staff put in order. `fields` name the item in the form the move posts. */
export interface OrderedItem {
  /** What the item is called in its buttons' names: “Move “Canvas” up”. */
  name: string;
  /** The item's content, shown before its buttons (already HTML). */
  html: string;
  fields: ReadonlyArray<readonly [string, string]>;
  /** Further buttons after Up and Down (already HTML), e.g. a Remove form. */
  more?: string;
}

/**
 * A list staff reorder without script, by keyboard and pointer alike: each item's Up and Down are
 * buttons of their own POST forms with the CSRF token and the list's version (a stale move is
 * refused). The first item's Up and the last one's Down are disabled.
 */
export function orderedList(options: {
  action: string;
  csrf: string;
  version: number;
  labelledBy: string;
  items: readonly OrderedItem[];
}): string {
  const { action, csrf, version, items } = options;
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
  const button = (item: OrderedItem, move: 'up' | 'down', text: string, disabled: boolean) =>
    `<form class="inline" method="post" action="${escapeHtml(action)}">${csrfField(csrf)}${hidden('version', String(version))}${item.fields.map(([n, v]) => hidden(n, v)).join('')}${hidden('action', move)}<button type="submit" class="secondary" aria-label="${escapeHtml(`Move “${item.name}” ${move}`)}"${disabled ? ' disabled' : ''}>${text}</button></form>`;
  const rows = items
    .map(
      (item, i) =>
        `<li><span>${item.html}</span> <span class="actions">${button(item, 'up', 'Up', i === 0)}${button(item, 'down', 'Down', i === items.length - 1)}${item.more ?? ''}</span></li>`,
    )
    .join('');
  return `<ol class="choice-list ordered" aria-labelledby="${escapeHtml(options.labelledBy)}">${rows}</ol>`;
}
