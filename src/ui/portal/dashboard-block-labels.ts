import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DashboardBlock } from '../../../contract/dashboard.schema.js';

/** Each block's one name (contract/dashboard.schema.ts, DASHBOARD_BLOCK_LABELS), in the reader's language. */
export const BLOCK_LABELS: Readonly<Record<DashboardBlock, MessageDescriptor>> = {
  'profile-summary': msg`Profile summary`,
  'staff-resources': msg`Staff resources`,
  'faculty-resources': msg`Faculty resources`,
  'advisor-resources': msg`Advisor resources`,
  'todays-classes': msg`Today's Classes`,
  'general-resources': msg`Resources`,
  'event-calendar': msg`Event Calendar`,
  'staff-promos': msg`For employees`,
  'financial-promos': msg`Your finances`,
  'other-promos': msg`Around campus`,
  'school-tools': msg`School tools`,
  'whats-new': msg`Here's What's New`,
  video: msg`Video`,
  'my-next-steps': msg`Upcoming Tasks`,
  'basic-html': msg`More from the university`,
};
