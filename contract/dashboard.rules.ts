import { ALWAYS_MANDATORY, DASHBOARD_BLOCKS } from './dashboard.schema.js';
import type { DashboardBlock, DashboardLayout } from './dashboard.schema.js';

/**
 * The blocks no one may hide: the ones that always are (the profile summary with the holds) and
 * the ones staff chose, in the blocks' order.
 */
export function mandatoryBlocks(chosen: readonly DashboardBlock[]): DashboardBlock[] {
  return DASHBOARD_BLOCKS.filter((b) => ALWAYS_MANDATORY.includes(b) || chosen.includes(b));
}

/** The mandatory blocks a layout would hide; a layout hiding any is refused. */
export function hiddenMandatory(
  layout: DashboardLayout,
  mandatory: readonly DashboardBlock[],
): DashboardBlock[] {
  return layout ? layout.hidden.filter((b) => mandatory.includes(b)) : [];
}
