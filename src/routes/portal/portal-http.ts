import { useState } from 'react';
import { createHttp } from '../../api/client.js';
import type { Http } from '../../api/client.js';
import { selectUser } from '../../machines/app.machine.js';
import { usePortal } from './context.js';

/** The API client of a page's containers: `Authorization: Token …` of the signed-in user. */
export function usePortalHttp(): Http {
  const { app } = usePortal();
  const [http] = useState(() =>
    createHttp({ getToken: () => selectUser(app.getSnapshot())?.auth_token ?? null }),
  );
  return http;
}
