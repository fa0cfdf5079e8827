import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DASHBOARD_BLOCK_LABELS } from '../../contract/dashboard.schema.js';
import type { DashboardBlock, DashboardLayout } from '../../contract/dashboard.schema.js';
import { hideBlock, moveBlock, showBlock } from '../lib/dashboard-arrangement.js';

/** A change Customise makes of the layout (the layout machine's events). */
export type LayoutChange =
  | { type: 'dashboard.move'; block: DashboardBlock; by: -1 | 1; shown: DashboardBlock[] }
  | { type: 'dashboard.hide'; block: DashboardBlock }
  | { type: 'dashboard.show'; block: DashboardBlock }
  | { type: 'dashboard.undo' }
  | { type: 'dashboard.reset' };

interface Arranged {
  layout: DashboardLayout;
  undo: { layout: DashboardLayout; block: DashboardBlock } | null;
  announcement: MessageDescriptor | null;
}

const label = (block: DashboardBlock) => DASHBOARD_BLOCK_LABELS[block];

/**
 * What one change of Customise makes of the layout, what it announces, and what Undo would bring
 * back (only a hide can be undone, until the next change).
 */
export function layoutChange(context: Arranged, change: LayoutChange): Arranged {
  const { layout } = context;
  switch (change.type) {
    case 'dashboard.move': {
      const block = label(change.block);
      const to = change.shown.indexOf(change.block) + change.by + 1;
      const of = change.shown.length;
      return {
        layout: moveBlock(layout, change.shown, change.block, change.by),
        undo: null,
        announcement: msg`${block} moved to position ${to} of ${of}.`,
      };
    }
    case 'dashboard.hide': {
      const block = label(change.block);
      return {
        layout: hideBlock(layout, change.block),
        undo: { layout, block: change.block },
        announcement: msg`${block} hidden.`,
      };
    }
    case 'dashboard.show': {
      const block = label(change.block);
      return {
        layout: showBlock(layout, change.block),
        undo: null,
        announcement: msg`${block} shown.`,
      };
    }
    case 'dashboard.undo': {
      if (!context.undo) return context;
      const block = label(context.undo.block);
      return { layout: context.undo.layout, undo: null, announcement: msg`${block} shown again.` };
    }
    case 'dashboard.reset':
      return {
        layout: null,
        undo: null,
        announcement: msg`Dashboard reset to the default layout.`,
      };
  }
}
