import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { ReactElement } from 'react';
import { fromPromise } from 'xstate';
import { layoutPage } from '../../../lib/content-layout.js';
import { contentSlugFor } from '../../../lib/content-slug.js';
import { sections } from '../../../lib/sections.js';
import { selectUser } from '../../../machines/app.machine.js';
import { selectSectionData, selectSectionStatus } from '../../../machines/section.machine.js';
import type { createSectionMachine } from '../../../machines/section.machine.js';
import { BlogPostPage } from '../../../ui/portal/blog-post-page.js';
import { ContentPage, titleOfSlug } from '../../../ui/portal/content-page.js';
import { NotFound } from '../../../ui/portal/not-found.js';
import { CampusMapLink } from '../../../ui/portal/map/campus-map-link.js';
import { PageToolbar } from '../shared/blocks/page-toolbar-block.js';
import {
  pageSectionMachine,
  postSectionMachine,
  usePostOptions,
  useReportFailure,
} from '../shared/content-support.js';
import { usePendingContent } from '../../shared/scroll-restoration.js';
import { pageSearchKey } from '../shared/content-search.js';
import type { PageSearch } from '../shared/content-search.js';
import { usePortal } from '../../../routes/portal/context.js';
import { useMarkBlogMessagesRead } from './use-mark-blog-messages-read.js';
import { useMorePosts } from './use-more-posts.js';
import { ShowMore, useFocusAdded } from '../../../ui/show-more.js';
import { usePageTitle } from '../shared/page-title.js';
import { portalRouteApi } from '../../../routes/portal/route-api.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';
import { contentPathOf, pageAsked, postAsked } from './content-reads.js';
import type { ContentReads, PageAsked, PostAsked } from './content-reads.js';

// The content routes' loader starts the page's read from the page's own chunk.
export { pageReads } from './content-reads.js';

/** Whether the signed-in person is staff: only staff preview drafts or a role. */
const useIsStaff = () => {
  const { app } = usePortal();
  return useSelector(app, (s) => selectUser(s)?.is_staff === true);
};

/**
 * A content section on the read `name` its route's loader started (`reads`), through its section
 * machine (content-support.ts: when it is empty), its failure named by the read's component:
 * the first load takes the answer the router keeps, a retry reads anew, and new loader data (the
 * route loaded again once stale, or with `?refresh`) loads it again. The other pages'
 * `usePageRead` does the same; this chunk does not import it:
 * with use-section.ts reached from here, the bundler took the toolbar's modules out of the first
 * route into a chunk of their own (1.3 kB gzip more, over its budget).
 */
function useContentRead<T>(
  reads: ContentReads,
  machine: ReturnType<typeof createSectionMachine<T>>,
  name: keyof ContentReads['specs'],
  read: (from: ContentReads, kept: boolean) => Promise<T>,
) {
  const reportFailure = useReportFailure(reads.specs[name].component);
  const latest = useRef({ reads, kept: true });
  const section = useActorRef(
    machine.provide({
      actors: {
        load: fromPromise(() => {
          const now = latest.current;
          const kept = now.kept;
          now.kept = false;
          return read(now.reads, kept);
        }),
      },
      actions: { reportFailure },
    }),
  );
  useEffect(() => {
    if (latest.current.reads === reads) return;
    latest.current = { reads, kept: true };
    section.send({ type: 'section.reload' });
  }, [reads, section]);
  const status = useSelector(section, selectSectionStatus);
  usePendingContent(status === 'loading');
  return {
    status,
    data: useSelector(section, selectSectionData<T>),
    retry: () => section.send({ type: 'section.retry' }),
  };
}

/**
 * The generic content page at `path` (portal.md §2): its posts by type, or not-found. Its page is
 * the one its route's loader asked for (kept by the router), or, for another preview choice, read
 * when asked.
 */
function ContentPageContainer({
  reads,
  asked,
}: {
  reads: ContentReads;
  asked: PageAsked;
}): ReactElement {
  const options = usePostOptions();
  const { t, i18n } = useLingui();
  const slug = contentSlugFor(asked.path);
  // A section's page (Resources) is named as the menu names it; another page by its slug.
  const menuSection = sections.find((s) => s.path === `/${slug}`);
  const title = menuSection
    ? i18n._(menuSection.label)
    : slug === 'whats-new'
      ? t`What’s New`
      : titleOfSlug(slug);
  const {
    status,
    data: page,
    retry,
  } = useContentRead(reads, pageSectionMachine, 'page', (from, kept) =>
    kept ? from.answer('page', asked) : from.again('page', asked),
  );
  // Issue 87: the page's first posts, then those "Show more posts" added.
  const shown = useMorePosts(page, asked);
  // The button goes at the list's end: focus moves to the first post the page added.
  const root = useRef<HTMLElement>(null);
  useFocusAdded(root, shown.added, 'post');
  const pieces = useMemo(() => layoutPage(shown.posts), [shown.posts]);
  const missing = status === 'loaded' && page === null;
  const notFound = t`Page not found`;
  usePageTitle(missing ? notFound : title);
  if (missing) return <NotFound toolbar={<PageToolbar title={notFound} />} />;
  return (
    <ContentPage
      ref={root}
      toolbar={<PageToolbar title={title} />}
      slug={slug}
      title={title}
      status={status}
      onRetry={retry}
      pieces={pieces}
      preview={page?.preview === true}
      previewAs={page?.preview_as ?? null}
      options={options}
      lead={slug === 'resources' ? <CampusMapLink /> : undefined}
      more={
        <ShowMore
          className="content-page__more"
          more={shown.more}
          onMore={shown.onMore}
          words={{
            show: <Trans>Show more posts</Trans>,
            loading: <Trans>Loading more posts…</Trans>,
            failed: <Trans>More posts could not be loaded.</Trans>,
          }}
        />
      }
    />
  );
}

/** A path no content page can have (upper case, dots, …) is not found without asking. */
function ContentAt({
  reads,
  path,
  search,
}: {
  reads: ContentReads;
  path: string;
  search: PageSearch;
}): ReactElement {
  const asked = pageAsked(path, search, useIsStaff());
  if (!asked) return <NotFoundTitled />;
  return (
    <ContentPageContainer key={`${path}?${pageSearchKey(search)}`} reads={reads} asked={asked} />
  );
}

/** The not-found screen with its title (document and toolbar), also at `/not-found` and `/404`. */
export function NotFoundTitled(): ReactElement {
  const { t } = useLingui();
  const notFound = t`Page not found`;
  usePageTitle(notFound);
  return <NotFound toolbar={<PageToolbar title={notFound} />} />;
}

const resourcesRoute = portalRouteApi('/resources');
const blogPostRoute = portalRouteApi('/whats-new/$blog_slug');
const contentRoute = portalRouteApi('/$');

/** `/resources`: the generic content page with the slug "resources". */
export function ResourcesContainer(): ReactElement {
  const { reads } = resourcesRoute.useLoaderData();
  return <ContentAt reads={reads} path="/resources" search={resourcesRoute.useSearch()} />;
}

/** `/whats-new/{blog_slug}`: a blog post, not-found for an unknown slug. */
function BlogPost({ reads, asked }: { reads: ContentReads; asked: PostAsked }): ReactElement {
  const options = usePostOptions();
  const {
    status,
    data: post,
    retry,
  } = useContentRead(reads, postSectionMachine, 'post', (from, kept) =>
    kept ? from.answer('post', asked) : from.again('post', asked),
  );
  const { t } = useLingui();
  const notFound = t`Page not found`;
  const title = post?.title ?? t`What’s New`;
  usePageTitle(status === 'empty' ? notFound : title);
  if (status === 'empty') return <NotFound toolbar={<PageToolbar title={notFound} />} />;
  return (
    <BlogPostPage
      toolbar={<PageToolbar title={title} titleLang={post?.lang} />}
      status={status}
      post={post}
      date={post ? options.dateOf(post) : null}
      onRetry={retry}
      onOpenModal={options.onOpenModal}
    />
  );
}

/** portal.md §4: opening the whats-new route marks unread blog messages read. */
function MarkBlogMessagesRead(): null {
  useMarkBlogMessagesRead();
  return null;
}

export function BlogPostContainer(): ReactElement {
  const { blog_slug } = blogPostRoute.useParams();
  const { published } = blogPostRoute.useSearch();
  const { reads } = blogPostRoute.useLoaderData();
  const asked = postAsked(blog_slug, published, useIsStaff());
  if (!asked) return <NotFoundTitled />;
  return (
    <>
      <MarkBlogMessagesRead />
      <BlogPost key={`${blog_slug}?${published}`} reads={reads} asked={asked} />
    </>
  );
}

/** Any other path: the generic content page loaded by path (pathMatch). */
export function ContentContainer(): ReactElement {
  const { _splat } = contentRoute.useParams();
  const search = contentRoute.useSearch();
  const { reads } = contentRoute.useLoaderData();
  const path = contentPathOf(_splat);
  return (
    <>
      {path === '/whats-new' && <MarkBlogMessagesRead />}
      <ContentAt reads={reads} path={path} search={search} />
    </>
  );
}
