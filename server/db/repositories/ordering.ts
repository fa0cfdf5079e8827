/**
 * The list with the item at `at` moved one place up or down; unchanged when it is already first
 * (up) or last (down). Pages' posts and posts' links move by this one rule.
 */
export function moveOne<T>(list: readonly T[], at: number, direction: 'up' | 'down'): T[] {
  const order = [...list];
  const to = direction === 'up' ? at - 1 : at + 1;
  const item = order[at];
  const other = order[to];
  if (item === undefined || other === undefined) return order;
  order[at] = other;
  order[to] = item;
  return order;
}
