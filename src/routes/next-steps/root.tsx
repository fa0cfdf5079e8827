import { Outlet, createRootRoute } from '@tanstack/react-router';

export const nextStepsRootRoute = createRootRoute({ component: () => <Outlet /> });
