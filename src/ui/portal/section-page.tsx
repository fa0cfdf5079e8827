import type { ReactNode } from 'react';

/** A titled page of the portal. */
export function SectionPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page">
      <h1 className="page__title">{title}</h1>
      {children}
    </section>
  );
}
