import { useSelector } from '@xstate/react';
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { formatCampusTime } from '../../lib/time.js';
import type { AppUpdateRef } from '../../machines/app-update.machine.js';
import type { ConnectionRef } from '../../machines/connection.machine.js';

/**
 * The app worker's notices (issue 44), drawn by each app's frame: the offline band at the top of the
 * page, in its flow, and the update bar at the bottom of the screen. What they say is the
 * `connection` and `appUpdate` actors' (by tag), which the worker feeds once it loads after the
 * page's load (pages/shared/app-worker.ts). Their words and buttons (ui/offline-notice.tsx,
 * ui/update-notice.tsx) are chunks of their own, loaded only then, so none of it is in the first
 * route's scripts; they take plain props, so their chunks carry no XState.
 */
const OfflineNotice = lazy(() =>
  import('../../ui/offline-notice.js').then((m) => ({ default: m.OfflineNotice })),
);
const UpdateNotice = lazy(() =>
  import('../../ui/update-notice.js').then((m) => ({ default: m.UpdateNotice })),
);

const subscribeLoad = (listener: () => void) => {
  window.addEventListener('load', listener);
  return () => window.removeEventListener('load', listener);
};
const pageLoaded = () => document.readyState === 'complete';

/**
 * The offline band's place. Its status region is there from the page's load on, empty while online,
 * so a screen reader announces the notice when its words appear (issue 57).
 */
export function OfflineNoticeSlot({
  connection,
  timeZone,
  partial = false,
}: {
  connection: ConnectionRef;
  /** Part of the page was not kept: the notice says so, the page's one offline message (issue 76). */
  partial?: boolean;
  /** The campus's: the notice says when what is kept was current on the campus clock (portal.md §1). */
  timeZone: string;
}) {
  const loaded = useSyncExternalStore(subscribeLoad, pageLoaded, () => false);
  const state = useSelector(connection, (s) =>
    s.hasTag('offline') ? 'offline' : s.hasTag('reconnected') ? 'reconnected' : 'online',
  );
  const keptAt = useSelector(connection, (s) => s.context.keptAt);
  return (
    <div className="offline-notice-host">
      {loaded && (
        <Suspense fallback={null}>
          <OfflineNotice
            state={state}
            keptAt={keptAt ? formatCampusTime(keptAt, timeZone) : ''}
            partial={partial}
            onReload={() => window.location.reload()}
            onDismiss={() => connection.send({ type: 'notice.dismiss' })}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The update bar, while a new version waits (or the page reloads into it). */
export function UpdateNoticeSlot({ appUpdate }: { appUpdate: AppUpdateRef }) {
  const shown = useSelector(appUpdate, (s) => s.hasTag('notice'));
  const reloading = useSelector(appUpdate, (s) => s.hasTag('reloading'));
  return shown ? (
    <Suspense fallback={null}>
      <UpdateNotice
        reloading={reloading}
        onReload={() => appUpdate.send({ type: 'update.reload' })}
        onLater={() => appUpdate.send({ type: 'update.later' })}
      />
    </Suspense>
  ) : null;
}
