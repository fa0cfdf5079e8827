import type { ReactNode } from 'react';

/** One titled section of the Account or Finances page; `id` makes it an address anchor. */
export function AccountSection(props: { id: string; title: string; children: ReactNode }) {
  const headingId = `${props.id}-heading`;
  return (
    <section id={props.id} className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title}</h2>
      {props.children}
    </section>
  );
}

/** A sub-part of the profile section. */
export function ProfilePart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="profile-part">
      <h3>{title}</h3>
      {children}
    </div>
  );
}
