import { useSelector } from '@xstate/react';
import { formatCampusDateTime } from '../../../lib/time.js';
import { selectAlertsUnchecked, selectUnreadAlerts } from '../../../machines/banner.machine.js';
import { EmergencyAlerts } from '../../../ui/portal/emergency-alerts.js';
import { usePortal } from '../../../routes/portal/context.js';
import type { MessageActors } from '../shared/use-message-actors.js';
import { useMessageActors } from '../shared/use-message-actors.js';

function ConnectedAlerts({ banner }: Pick<MessageActors, 'banner'>) {
  const { campus } = usePortal();
  const alerts = useSelector(
    banner,
    selectUnreadAlerts,
    (a, b) => a.length === b.length && a.every((alert, i) => alert === b[i]),
  );
  const unchecked = useSelector(banner, selectAlertsUnchecked);
  return (
    <EmergencyAlerts
      alerts={alerts}
      unchecked={unchecked}
      safetyPhone={campus.safety.phone}
      safetyPhoneLabel={campus.safety.phoneLabel}
      formatDate={(iso) => formatCampusDateTime(iso, campus.timeZone)}
      onRead={(id) => banner.send({ type: 'banner.readAlert', id })}
    />
  );
}

/** Emergency alerts on every page, above the page, until read (portal.md §2, §4, §5). */
export function EmergencyAlertsBlock() {
  const actors = useMessageActors();
  return actors ? <ConnectedAlerts banner={actors.banner} /> : null;
}
