import { Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Suspense, lazy, useEffect } from 'react';
import { csrfToken } from '../../../api/csrf.js';
import {
  selectHasSettings,
  selectNotifications,
  selectShared,
  selectUser,
} from '../../../machines/task-list.context.js';
import { NextStepsFrame, ProvisionalNotice } from '../../../ui/next-steps/next-steps-frame.js';
import { Toasts } from '../../../ui/next-steps/notices.js';
import { ScrollAfterContent } from '../../shared/scroll-restoration.js';
import { OfflineNoticeSlot, UpdateNoticeSlot } from '../../shared/worker-notices.js';
import { ViewAsSlot } from '../../shared/view-as.js';
import { DelegateContext, ViewAsContext } from '../../../ui/view-as-context.js';
import { useNextSteps } from '../../../routes/next-steps/context.js';
import { useTaskListView } from '../task/use-task-list-view.js';

/** Issue 88: a delegate's bar, the portal's own, a chunk loaded only in delegate capacity. */
const DelegateBar = lazy(() =>
  import('../../../ui/delegate-bar.js').then((m) => ({ default: m.DelegateBar })),
);

/**
 * The Next Steps frame every screen stands in: the app worker's notices, toasts, the provisional
 * notice, late scrolling.
 */
export function NextStepsRoot() {
  const { list, campus, connection, appUpdate, csrf: csrfOf = csrfToken } = useNextSteps();
  const provisional = useSelector(list, (s) => s.hasTag('provisional'));
  // The toasts live in the list's error child: read through it, redrawn when it changes.
  const toasts = useTaskListView(selectNotifications);
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  const settings = useTaskListView(selectHasSettings);
  // Issue 73: support viewing as the student: the bar first, every change shown disabled.
  const viewAs = useTaskListView((s) => selectUser(s)?.view_as ?? null);
  // Issue 88: a delegate reads the student's shared list under their bar, every change disabled.
  const shared = useTaskListView(selectShared);
  // Read at each render: a sign-in in another tab gives the session a new token.
  const csrf = csrfOf();
  // next-steps.md §4 Caching: coming back to the tab refreshes, unless fetched within 5 minutes.
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible')
        list.send({ type: 'list.refresh', at: Date.now() });
    };
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, [list]);
  return (
    // Back lands on the saved position once the task list (and a settings page's choices) has loaded.
    <ScrollAfterContent pending={loading}>
      <ViewAsSlot viewAs={viewAs} csrf={csrf} />
      {shared && (
        <Suspense fallback={null}>
          <DelegateBar share={shared} timeZone={campus.timeZone} />
        </Suspense>
      )}
      <OfflineNoticeSlot connection={connection} timeZone={campus.timeZone} />
      <DelegateContext value={shared}>
        <ViewAsContext value={viewAs}>
          <NextStepsFrame
            csrf={csrf}
            settings={settings}
            productName={campus.productName}
            notices={
              <Toasts
                toasts={toasts}
                onDismiss={(message) => list.send({ type: 'toast.dismiss', message })}
              />
            }
          >
            {provisional ? <ProvisionalNotice ssoName={campus.ssoName} csrf={csrf} /> : <Outlet />}
          </NextStepsFrame>
        </ViewAsContext>
      </DelegateContext>
      <UpdateNoticeSlot appUpdate={appUpdate} />
    </ScrollAfterContent>
  );
}
