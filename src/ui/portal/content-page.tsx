import { SectionPage } from './section-page.js';

/** The generic content page, loaded by its slug (portal.md §2 route table). */
export function ContentPage({ slug }: { slug: string }) {
  const title = slug
    .split('/')
    .at(-1)!
    .replace(/[-_]+/g, ' ')
    .replace(/^\w/, (c) => c.toUpperCase());
  return (
    <SectionPage title={title}>
      <p className="muted" data-slug={slug}>
        There is nothing published on this page yet.
      </p>
    </SectionPage>
  );
}
