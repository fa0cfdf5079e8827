import { createRoute } from '@tanstack/react-router';
import { SectionPage } from '../../ui/portal/section-page.js';
import { rootRoute } from './root.js';

const section = (path: string, title: string) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: () => <SectionPage title={title} />,
  });

export const academicsRoute = section('/academics', 'Academics');
export const messagesRoute = section('/messages', 'Messages');
export const accountRoute = section('/account', 'Account');
export const financesRoute = section('/finances', 'Finances');
