import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SectionPage } from './section-page.js';

export function NotFound({ toolbar }: { toolbar?: ReactNode }) {
  return (
    <SectionPage title="Page not found" toolbar={toolbar}>
      <p>We could not find that page.</p>
      <p>
        <Link to="/">Go to the dashboard</Link>
      </p>
    </SectionPage>
  );
}
