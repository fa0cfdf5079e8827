import { createRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { contentSlugFor } from '../../lib/content-slug.js';
import { ContentPage } from '../../ui/portal/content-page.js';
import { rootRoute } from './root.js';

/** `/resources`: the generic content page with the slug "resources". */
export const resourcesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/resources',
  component: () => <ContentPage slug="resources" />,
});

/** `/whats-new/{blog_slug}`: a blog post. */
export const blogPostRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/whats-new/$blog_slug',
});
// Components are given once the routes exist, so their typed hooks do not depend on themselves.
blogPostRoute.update({
  component: function BlogPostRoute(): ReactNode {
    const { blog_slug } = blogPostRoute.useParams();
    return <ContentPage slug={`whats-new/${blog_slug}`} />;
  },
});

/** Any other path: the generic content page loaded by path (pathMatch). */
export const contentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
});
contentRoute.update({
  component: function ContentRoute(): ReactNode {
    const { _splat } = contentRoute.useParams();
    return <ContentPage slug={contentSlugFor(`/${_splat ?? ''}`)} />;
  },
});
