import { Link } from '@tanstack/react-router';
import { SectionPage } from './section-page.js';

export function NotFound() {
  return (
    <SectionPage title="Page not found">
      <p>We could not find that page.</p>
      <p>
        <Link to="/">Go to the dashboard</Link>
      </p>
    </SectionPage>
  );
}
