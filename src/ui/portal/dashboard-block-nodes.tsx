import type { ReactNode } from 'react';
import type { Post } from '../../../contract/content.schema.js';
import { DASHBOARD_BLOCKS } from '../../../contract/dashboard.schema.js';
import type { DashboardBlock } from '../../../contract/dashboard.schema.js';
import { DAY_BLOCKS, PHONE_ORDER, columnsOf } from '../../lib/dashboard-layout.js';
import { BasicHtml, Promos, Resources, Tools, Videos } from './dashboard-blocks.js';
import type { DashboardProps } from './dashboard-types.js';

/** A block another part of the portal built, under its test id; nothing when it gave none. */
export const slot = (node: ReactNode, testId: string) =>
  node ? <div data-testid={testId}>{node}</div> : null;

/**
 * Which copy of a block that moves between the spec's columns this is: the one-column ("mobile")
 * or the two-column ("desktop") copy; undefined where a block is drawn once (a person's own layout).
 */
export type Only = 'mobile' | 'desktop' | undefined;

/** A column of the spec's layout: the blocks drawn at once, then those drawn after (`Later`). */
export type StandardColumn = readonly [readonly DashboardBlock[], readonly DashboardBlock[]];

/** The first `n` blocks drawn at once, the others after (`Later`). */
const drawn = (blocks: readonly DashboardBlock[], n: number): StandardColumn => [
  blocks.slice(0, n),
  blocks.slice(n),
];
/**
 * portal.md §2's columns from 1024 px (issue 76): the left one (the profile summary, the resources
 * by role, Today's Classes, the general resources, the event calendar) and the right one (the staff
 * and financial promos, the other promos, School tools, What's New, the video, My Next Steps, the
 * basic html).
 */
export const [WIDE_LEFT, WIDE_RIGHT] = columnsOf(DASHBOARD_BLOCKS).map((column, i) =>
  drawn(column, i === 0 ? 5 : 3),
) as [StandardColumn, StandardColumn];
/** Below 1024 px, after the person's day: the spec's phone order (PHONE_ORDER), in one column. */
export const PHONE_REST = drawn(
  PHONE_ORDER.filter((b) => !DAY_BLOCKS.includes(b)),
  2,
);

/**
 * Every block of the dashboard, once: the spec's layout and a person's own arrangement both take
 * their blocks from here, each present only when the dashboard has something for it. Adding a block
 * is its contract entry (`DASHBOARD_BLOCKS`), its component and its line here.
 */
export function blockNodes(
  props: DashboardProps,
  profileSummary: ReactNode,
  promoTitles: { staff: string; financial: string; other: string },
): (id: DashboardBlock, only?: Only) => ReactNode {
  const { content: c, onOpenModal } = props;
  const some = (posts: Post[], node: ReactNode) => (posts.length > 0 ? node : null);
  const resources = (posts: Post[], testId: string) =>
    some(posts, <Resources posts={posts} testId={testId} />);
  const promos = (posts: Post[], title: string, testId: string, only: Only) =>
    some(
      posts,
      <Promos posts={posts} title={title} testId={testId} only={only} onOpenModal={onOpenModal} />,
    );
  const blocks: Record<DashboardBlock, (only: Only) => ReactNode> = {
    'profile-summary': () => profileSummary,
    'staff-resources': () => resources(c.staffResources, 'block-staff-resources'),
    'faculty-resources': () => resources(c.facultyResources, 'block-faculty-resources'),
    'advisor-resources': () => resources(c.advisorResources, 'block-advisor-resources'),
    'todays-classes': () => slot(props.todaysClasses, 'block-todays-classes'),
    'general-resources': () => resources(c.generalResources, 'block-general-resources'),
    'event-calendar': () => slot(props.eventCalendar, 'block-event-calendar'),
    'staff-promos': (only) => promos(c.staffPromos, promoTitles.staff, 'block-staff-promos', only),
    'financial-promos': (only) =>
      promos(c.financialPromos, promoTitles.financial, 'block-financial-promos', only),
    'other-promos': () => promos(c.otherPromos, promoTitles.other, 'block-other-promos', undefined),
    'school-tools': (only) => some(c.schoolTools, <Tools posts={c.schoolTools} only={only} />),
    'whats-new': () => props.whatsNew,
    video: () => some(c.videos, <Videos posts={c.videos} embedUrl={props.embedUrl} />),
    'my-next-steps': () => slot(props.myNextSteps, 'block-my-next-steps'),
    'basic-html': () =>
      some(c.basicHtml, <BasicHtml posts={c.basicHtml} onOpenModal={onOpenModal} />),
  };
  return (id, only) => blocks[id](only);
}
