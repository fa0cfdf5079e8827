import type { ReactNode } from 'react';

/** The Next Steps list screen; the heading names the active filter. */
export function TaskListPage({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <main className="tasks" id="main">
      <h1 className="tasks__heading">{heading}</h1>
      {children}
    </main>
  );
}
