import type { ReactNode } from 'react';
import { DASHBOARD_BLOCKS } from '../../../contract/dashboard.schema.js';
import type { DashboardBlock } from '../../../contract/dashboard.schema.js';
import { PHONE_ORDER } from '../../lib/dashboard-layout.js';
import { arrangedColumns, hiddenBlocks, shownBlocks } from '../../lib/dashboard-arrangement.js';
import type { Arrangement } from './dashboard-types.js';
import { useWide } from './use-wide.js';

/**
 * Where the person's blocks stand for the width in use (`arrangedColumns`): their day, the two
 * columns, every shown block in order, the hidden ones, and whether a block may move by one. The
 * spec's order for the width stands where the person moved nothing (issue 76); a block moves within
 * its group, so the day stays first.
 */
export function useArranged(
  a: Pick<Arrangement, 'layout' | 'mandatory'>,
  nodes: Partial<Record<DashboardBlock, ReactNode>>,
) {
  const wide = useWide();
  const defaults = wide ? DASHBOARD_BLOCKS : PHONE_ORDER;
  const present = DASHBOARD_BLOCKS.filter((b) => nodes[b] !== undefined && nodes[b] !== null);
  const { day, left, right } = arrangedColumns(
    shownBlocks(a.layout, present, a.mandatory, defaults),
    wide,
  );
  const shown = [...day, ...left, ...right];
  const hidden = hiddenBlocks(a.layout, present, a.mandatory, defaults);
  const inDay = (at: number) => at < day.length;
  const canMove = (at: number, by: -1 | 1) =>
    at + by >= 0 && at + by < shown.length && inDay(at) === inDay(at + by);
  return { wide, day, left, right, shown, hidden, canMove };
}
