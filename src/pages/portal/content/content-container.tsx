import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ReactElement } from 'react';
import { fromPromise } from 'xstate';
import { contentPathSchema, contentSlugSchema } from '../../../../contract/content.schema.js';
import { fetchPage, fetchPosts } from '../../../api/content.js';
import { layoutPage } from '../../../lib/content-layout.js';
import { contentSlugFor } from '../../../lib/content-slug.js';
import { sections } from '../../../lib/sections.js';
import { selectUser } from '../../../machines/app.machine.js';
import { selectSectionData, selectSectionStatus } from '../../../machines/section.machine.js';
import { BlogPostPage } from '../../../ui/portal/blog-post-page.js';
import { ContentPage, titleOfSlug } from '../../../ui/portal/content-page.js';
import { NotFound } from '../../../ui/portal/not-found.js';
import { PageToolbar } from '../shared/blocks/page-toolbar-block.js';
import {
  pageSectionMachine,
  postSectionMachine,
  usePostOptions,
  useReportFailure,
} from '../shared/content-support.js';
import { usePendingContent } from '../../shared/scroll-restoration.js';
import { pageSearchKey, previewAsOf } from '../shared/content-search.js';
import type { PageSearch } from '../shared/content-search.js';
import { usePortal } from '../../../routes/portal/context.js';
import { useMarkBlogMessagesRead } from './use-mark-blog-messages-read.js';
import { usePageTitle } from '../shared/page-title.js';
import { portalRouteApi } from '../../../routes/portal/route-api.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

/** The generic content page at `path` (portal.md §2): its posts by type, or not-found. */
function ContentPageContainer({
  path,
  search,
}: {
  path: string;
  search: PageSearch;
}): ReactElement {
  const { app, http } = usePortal();
  const isStaff = useSelector(app, (s) => selectUser(s)?.is_staff === true);
  const reportFailure = useReportFailure('content');
  const options = usePostOptions();
  const { t, i18n } = useLingui();
  const slug = contentSlugFor(path);
  // A section's page (Resources) is named as the menu names it; another page by its slug.
  const menuSection = sections.find((s) => s.path === `/${slug}`);
  const title = menuSection
    ? i18n._(menuSection.label)
    : slug === 'whats-new'
      ? t`What’s New`
      : titleOfSlug(slug);
  const preview = search.published === 'all' && isStaff;
  const as = previewAsOf(search, isStaff);
  const section = useActorRef(
    pageSectionMachine.provide({
      actors: { load: fromPromise(() => fetchPage(http, path, preview, as)) },
      actions: { reportFailure },
    }),
  );
  const status = useSelector(section, selectSectionStatus);
  usePendingContent(status === 'loading');
  const page = useSelector(section, selectSectionData);
  const pieces = useMemo(() => layoutPage(page?.posts ?? []), [page]);
  const missing = status === 'loaded' && page === null;
  const notFound = t`Page not found`;
  usePageTitle(missing ? notFound : title);
  if (missing) return <NotFound toolbar={<PageToolbar title={notFound} />} />;
  return (
    <ContentPage
      toolbar={<PageToolbar title={title} />}
      slug={slug}
      title={title}
      status={status}
      onRetry={() => section.send({ type: 'section.retry' })}
      pieces={pieces}
      preview={page?.preview === true}
      previewAs={page?.preview_as ?? null}
      options={options}
    />
  );
}

/** A path no content page can have (upper case, dots, …) is not found without asking. */
function ContentAt({ path, search }: { path: string; search: PageSearch }): ReactElement {
  if (!contentPathSchema.safeParse(path).success) return <NotFoundTitled />;
  return (
    <ContentPageContainer key={`${path}?${pageSearchKey(search)}`} path={path} search={search} />
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
  return <ContentAt path="/resources" search={resourcesRoute.useSearch()} />;
}

/** `/whats-new/{blog_slug}`: a blog post, not-found for an unknown slug. */
function BlogPost({
  slug,
  published,
}: {
  slug: string;
  published: 'all' | undefined;
}): ReactElement {
  const { app, http } = usePortal();
  const isStaff = useSelector(app, (s) => selectUser(s)?.is_staff === true);
  const reportFailure = useReportFailure('whats-new');
  const options = usePostOptions();
  const preview = published === 'all' && isStaff;
  const section = useActorRef(
    postSectionMachine.provide({
      actors: {
        load: fromPromise(async () => {
          const posts = await fetchPosts(http, { slug, post_type: 'blog' }, preview);
          return posts[0] ?? null;
        }),
      },
      actions: { reportFailure },
    }),
  );
  const status = useSelector(section, selectSectionStatus);
  usePendingContent(status === 'loading');
  const post = useSelector(section, selectSectionData);
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
      onRetry={() => section.send({ type: 'section.retry' })}
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
  if (!contentSlugSchema.safeParse(blog_slug).success) return <NotFoundTitled />;
  return (
    <>
      <MarkBlogMessagesRead />
      <BlogPost key={`${blog_slug}?${published}`} slug={blog_slug} published={published} />
    </>
  );
}

/** Any other path: the generic content page loaded by path (pathMatch). */
export function ContentContainer(): ReactElement {
  const { _splat } = contentRoute.useParams();
  const search = contentRoute.useSearch();
  const slug = contentSlugFor(`/${_splat ?? ''}`);
  return (
    <>
      {slug === 'whats-new' && <MarkBlogMessagesRead />}
      <ContentAt path={slug === 'dashboard' ? '/' : `/${slug}`} search={search} />
    </>
  );
}
