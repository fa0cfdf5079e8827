import { DASHBOARD_BLOCKS } from '../../contract/dashboard.schema.js';
import type { DashboardBlock, DashboardLayout } from '../../contract/dashboard.schema.js';
import { DAY_BLOCKS, columnsOf } from './dashboard-layout.js';

/**
 * A person's own arrangement of the dashboard and its changes (issue 76, 87): what the customise
 * view and its machine use, apart from the first screen's default order (dashboard-layout.ts).
 */
/** Whether a saved order keeps the spec's: nothing moved (a layout that only hid blocks). */
const keepsSpecOrder = (order: readonly DashboardBlock[]) =>
  order.every(
    (b, i) => i === 0 || DASHBOARD_BLOCKS.indexOf(order[i - 1]!) < DASHBOARD_BLOCKS.indexOf(b),
  );

/**
 * Every block in the order a layout gives them. No layout, or one that moved nothing, is the spec's
 * order for the width (`defaults`: DASHBOARD_BLOCKS from 1024 px, PHONE_ORDER below), so
 * customising on a phone keeps the promos and School tools above the event calendar (issue 76). A
 * block the saved order does not name (a block added since) stands at its default place: after the
 * nearest block before it in the spec's order.
 */
export function orderOf(
  layout: DashboardLayout,
  defaults: readonly DashboardBlock[] = DASHBOARD_BLOCKS,
): DashboardBlock[] {
  if (!layout || keepsSpecOrder(layout.order)) return [...defaults];
  const order = [...layout.order];
  DASHBOARD_BLOCKS.forEach((block, i) => {
    if (order.includes(block)) return;
    const before = DASHBOARD_BLOCKS.slice(0, i)
      .map((b) => order.indexOf(b))
      .filter((at) => at >= 0);
    order.splice(before.length > 0 ? Math.max(...before) + 1 : 0, 0, block);
  });
  return order;
}

/**
 * The blocks a dashboard shows, in order: those it has something for (`present`), but not the ones
 * hidden; a mandatory block shows even when a layout saved before it became mandatory hides it.
 */
export function shownBlocks(
  layout: DashboardLayout,
  present: readonly DashboardBlock[],
  mandatory: readonly DashboardBlock[],
  defaults: readonly DashboardBlock[] = DASHBOARD_BLOCKS,
): DashboardBlock[] {
  const hidden = layout?.hidden ?? [];
  return orderOf(layout, defaults).filter(
    (b) => present.includes(b) && (!hidden.includes(b) || mandatory.includes(b)),
  );
}

/** The hidden blocks that could show again, in layout order. */
export function hiddenBlocks(
  layout: DashboardLayout,
  present: readonly DashboardBlock[],
  mandatory: readonly DashboardBlock[],
  defaults: readonly DashboardBlock[] = DASHBOARD_BLOCKS,
): DashboardBlock[] {
  const hidden = layout?.hidden ?? [];
  return orderOf(layout, defaults).filter(
    (b) => present.includes(b) && hidden.includes(b) && !mandatory.includes(b),
  );
}

/**
 * Moves a shown block one place up (-1) or down (1) among the `shown` ones, in the order they were
 * shown (a phone's differs from a laptop's), which the saved order takes.
 */
export function moveBlock(
  layout: DashboardLayout,
  shown: readonly DashboardBlock[],
  block: DashboardBlock,
  by: -1 | 1,
): DashboardLayout {
  const at = shown.indexOf(block);
  const neighbour = at < 0 ? undefined : shown[at + by];
  if (!neighbour) return layout;
  const asShown = [...shown];
  const order = orderOf(layout)
    .map((b) => (shown.includes(b) ? asShown.shift()! : b))
    .filter((b) => b !== block);
  order.splice(order.indexOf(neighbour) + (by > 0 ? 1 : 0), 0, block);
  return { order, hidden: layout?.hidden ?? [] };
}

export function hideBlock(layout: DashboardLayout, block: DashboardBlock): DashboardLayout {
  const hidden = layout?.hidden ?? [];
  return {
    order: orderOf(layout),
    hidden: hidden.includes(block) ? hidden : [...hidden, block],
  };
}

export function showBlock(layout: DashboardLayout, block: DashboardBlock): DashboardLayout {
  return { order: orderOf(layout), hidden: (layout?.hidden ?? []).filter((b) => b !== block) };
}

/**
 * A person's own layout as drawn (issue 87): from 1024 px the spec's two columns, as the default
 * layout draws them (issue 76), with only the person's changes (a block hidden, a block moved), so
 * hiding the video changes nothing else; below 1024 px their day first (`dayFirst`, issue 43), then
 * the rest. `day` is empty on a wide screen.
 */
export function arrangedColumns(
  shown: readonly DashboardBlock[],
  wide: boolean,
): { day: DashboardBlock[]; left: DashboardBlock[]; right: DashboardBlock[] } {
  if (wide) {
    const [left, right] = columnsOf(shown);
    return { day: [], left, right };
  }
  const { day, rest } = dayFirst(shown);
  const [left, right] = columnsOf(rest);
  return { day, left, right };
}

/**
 * A person's own layout below 1024 px, their day first (issues 43 and 57): the day's blocks in the
 * person's order among them, wherever the saved order puts them (a layout saved from the spec's
 * order, as hiding a block once did, has Upcoming Tasks 12th); then every other shown block in the
 * person's order. Hidden blocks stay hidden.
 */
export function dayFirst(shown: readonly DashboardBlock[]): {
  day: DashboardBlock[];
  rest: DashboardBlock[];
} {
  return {
    day: shown.filter((b) => DAY_BLOCKS.includes(b)),
    rest: shown.filter((b) => !DAY_BLOCKS.includes(b)),
  };
}
