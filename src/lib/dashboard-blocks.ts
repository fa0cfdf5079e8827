import { FINANCIAL_DASHBOARD, canSeeContent } from '../../contract/content.rules.js';
import type { ContentReader } from '../../contract/content.rules.js';
import type { Post, PostType } from '../../contract/content.schema.js';

/** The dashboard's content blocks (portal.md §2 Dashboard), each a list of posts in page order. */
export interface DashboardContent {
  hero: Post | null;
  staffPromos: Post[];
  financialPromos: Post[];
  otherPromos: Post[];
  staffResources: Post[];
  facultyResources: Post[];
  advisorResources: Post[];
  generalResources: Post[];
  schoolTools: Post[];
  videos: Post[];
  basicHtml: Post[];
}

/** Categories that are not "other" promos (portal.md §2 right column). */
const NOT_OTHER_PROMOS = ['staff', 'faculty', FINANCIAL_DASHBOARD];
const ROLE_RESOURCES = ['staff', 'faculty', 'advisor'];

/**
 * Sorts the dashboard page's posts into its blocks. The server already sent only what the user may
 * see; the same §6 rules are asked again here so a block never shows a post not meant for it:
 * staff promos and resources for employees receiving staff content, faculty resources for faculty,
 * advisor resources for advisors, financial dashboard promos only with financial_dashboard_access.
 */
export function dashboardContent(posts: readonly Post[], user: ContentReader): DashboardContent {
  const seen = posts.filter((p) => canSeeContent(user, p.category));
  const of = (type: PostType, keep: (category: string | null) => boolean = () => true) =>
    seen.filter((p) => p.post_type === type && keep(p.category));
  return {
    hero: of('hero')[0] ?? null,
    staffPromos: of('promo', (c) => c === 'staff'),
    financialPromos: of('promo', (c) => c === FINANCIAL_DASHBOARD),
    otherPromos: of('promo', (c) => c === null || !NOT_OTHER_PROMOS.includes(c)),
    staffResources: of('resources', (c) => c === 'staff'),
    facultyResources: of('resources', (c) => c === 'faculty'),
    advisorResources: of('resources', (c) => c === 'advisor'),
    generalResources: of('resources', (c) => c === null || !ROLE_RESOURCES.includes(c)),
    schoolTools: of('icon_link'),
    videos: of('video_embed'),
    basicHtml: of('basic_html'),
  };
}
