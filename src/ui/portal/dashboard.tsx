import type { ReactNode } from 'react';

/** The dashboard; its greeting says "Hello" plus the display name (portal.md §2 Shared blocks). */
export function Dashboard({ name, myNextSteps }: { name: string; myNextSteps?: ReactNode }) {
  return (
    <section className="page">
      <h1 className="page__title">Dashboard</h1>
      <p className="greeting">Hello {name}</p>
      {myNextSteps && <div className="dashboard__right">{myNextSteps}</div>}
    </section>
  );
}
