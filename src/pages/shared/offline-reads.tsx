import type { ReactNode } from 'react';
import type { ConnectionRef } from '../../machines/connection.machine.js';
import { ReadsOffline } from '../../ui/read-failed.js';
import { useAnyOffline } from './offline.js';

/**
 * The portal's root wraps its page in this: while offline (kept answers, or no connection at all),
 * every section whose read failed says "Not available offline" (ui/read-failed.tsx), not "Error
 * retrieving info" (issue 57).
 */
export function OfflineReads({
  connection,
  children,
}: {
  connection: ConnectionRef;
  children: ReactNode;
}) {
  return <ReadsOffline value={useAnyOffline(connection)}>{children}</ReadsOffline>;
}
