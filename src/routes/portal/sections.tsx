import { createRoute } from '@tanstack/react-router';
import { SectionPage } from '../../ui/portal/section-page.js';
import { usePageTitle } from './page.js';
import { rootRoute } from './root.js';

const section = <Path extends string>(path: Path, title: string) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: function SectionRoute() {
      usePageTitle(title);
      return <SectionPage title={title} />;
    },
  });

export const academicsRoute = section('/academics', 'Academics');
export const messagesRoute = section('/messages', 'Messages');
export const accountRoute = section('/account', 'Account');
export const financesRoute = section('/finances', 'Finances');
export const communityRoute = section('/community', 'Community');
