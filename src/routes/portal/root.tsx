import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectErrorState, selectUser } from '../../machines/app.machine.js';
import { AppFrame } from '../../ui/portal/app-frame.js';
import { ErrorScreen } from '../../ui/portal/error-screen.js';
import { Footer } from '../../ui/portal/footer.js';
import { Loading } from '../../ui/portal/loading.js';
import { usePortal } from './context.js';
import type { PortalContext } from './context.js';

function PortalRoot() {
  const { app, campus } = usePortal();
  const user = useSelector(app, selectUser);
  const errorState = useSelector(app, selectErrorState);
  if (errorState > 1)
    return <ErrorScreen errorState={errorState} feedbackUrl={campus.links.feedback} />;
  return (
    <AppFrame initialised={user !== null} footer={<Footer year={new Date().getFullYear()} />}>
      {user ? <Outlet /> : <Loading />}
    </AppFrame>
  );
}

export const rootRoute = createRootRouteWithContext<PortalContext>()({ component: PortalRoot });
