import type { MessageDescriptor } from '@lingui/core';
import type { ReactNode } from 'react';
import type { Post, PreviewAs } from '../../../contract/content.schema.js';
import type { DashboardBlock, DashboardLayout } from '../../../contract/dashboard.schema.js';
import type { DashboardContent } from '../../lib/dashboard-blocks.js';
import type { OpenModal } from './content/post-body.js';
import type { SectionStatusValue } from './section-status.js';

/*
 * The dashboard's shapes (portal.md §2), apart from its components: what the page gives the
 * dashboard, and the person's own arrangement with Customise mode's focus targets.
 */

/**
 * Blocks other parts of the portal build into the dashboard. Each is rendered where portal.md §2
 * places it, or left out when null.
 */
export interface DashboardSlots {
  /** The banner message area, under the hero (above the toolbar from 1024 px, after the day below). */
  banner?: ReactNode;
  /** The search box, in the toolbar. */
  search?: ReactNode;
  /** The message bell, in the toolbar. */
  bell?: ReactNode;
  /** The profile image, in the toolbar. */
  profileImage?: ReactNode;
  /** Top of the left column; until it is given, the "Hello {name}" greeting stands in. */
  profileSummary?: ReactNode;
  /** Left column, students only. */
  todaysClasses?: ReactNode;
  /** Left column, last. */
  eventCalendar?: ReactNode;
  /** Right column, students only. */
  myNextSteps?: ReactNode;
}

export interface DashboardProps extends DashboardSlots {
  name: string;
  content: DashboardContent;
  /** The dashboard page's loader state (portal.md §4 Loaders). */
  status: SectionStatusValue;
  onRetry: () => void;
  /** The What's New block. */
  whatsNew: ReactNode;
  /** Staff previewing unpublished content (`?published=all`). */
  preview: boolean;
  /** Staff previewing the page as another role sees it (`?preview_role=`). */
  previewAs?: PreviewAs | null;
  onOpenModal: OpenModal;
  embedUrl: (post: Post) => string | null;
  /** The person's own layout and Customise mode; without it, the spec's layout only. */
  arrangement?: Arrangement | undefined;
}

/** The person's own layout and Customise mode (issue #30), from the dashboard's container. */
export interface Arrangement {
  layout: DashboardLayout;
  mandatory: readonly DashboardBlock[];
  customising: boolean;
  /** What the last change said, translated where it is shown (issue 59). */
  announcement: MessageDescriptor | null;
  undoBlock: DashboardBlock | null;
  /** The page shows what was kept for offline (issue 44): the layout cannot be saved until it is back. */
  offline: boolean;
  onCustomise: () => void;
  onFinish: () => void;
  onMove: (block: DashboardBlock, by: -1 | 1, shown: DashboardBlock[]) => void;
  onHide: (block: DashboardBlock) => void;
  onShow: (block: DashboardBlock) => void;
  onUndo: () => void;
  onReset: () => void;
}

export type Control = 'handle' | 'up' | 'down' | 'undo' | 'reset' | 'toggle';
export type FocusTarget = { block: DashboardBlock | null; control: Control };
