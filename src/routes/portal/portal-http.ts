import { useMemo } from 'react';
import { createHttp } from '../../api/client.js';
import type { Http } from '../../api/client.js';
import { isOutage } from '../../api/errors.js';
import { selectUser } from '../../machines/app.machine.js';
import { usePortal } from './context.js';

/**
 * An API client for a page's own calls: `Token {auth_token}` of the signed-in user, and an outage
 * (network failure, 502/503/504) reported to the app machine as error state 3, like every call.
 */
export function usePortalHttp(): Http {
  const { app } = usePortal();
  return useMemo(
    () =>
      createHttp({
        getToken: () => selectUser(app.getSnapshot())?.auth_token ?? null,
        onFailure: (error) => {
          if (isOutage(error)) app.send({ type: 'app.outage' });
        },
      }),
    [app],
  );
}
