import type { ReactNode } from 'react';

/** A titled page of the portal. */
export function SectionPage({
  title,
  toolbar,
  children,
}: {
  title: string;
  /** The page's toolbar (title, bell, profile image); without it, the title alone. */
  toolbar?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="page">
      {toolbar ?? <h1 className="page__title">{title}</h1>}
      {children}
    </section>
  );
}
