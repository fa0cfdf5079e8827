import type { FastifyInstance } from 'fastify';
import type { PersonaId } from '../../../../contract/persona.schema.js';
import { csrfFor } from '../../../../server/plugins/app/session.js';
import { signIn } from '../../helpers/app.js';

export const HTML = 'text/html,application/xhtml+xml';

/** A persona's browser on the admin: its cookies, CSRF token, and calls as a script or a form. */
export async function adminAs(app: FastifyInstance, persona: PersonaId) {
  const { cookie } = await signIn(app, persona);
  const csrf = csrfFor(cookie.slice('portal_session='.length));
  const headers = { cookie: `${cookie}; portal_csrf=${csrf}`, origin: 'http://localhost:80' };
  return {
    csrf,
    cookie: headers.cookie,
    get: (url: string) => app.inject({ url, headers: { ...headers, accept: HTML } }),
    json: (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      app.inject({
        method,
        url,
        headers: { ...headers, 'x-csrf-token': csrf },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
        ...(payload === undefined
          ? {}
          : { headers: { ...headers, 'x-csrf-token': csrf, 'content-type': 'application/json' } }),
      }),
    form: (url: string, fields: Array<[string, string]>, token = csrf) =>
      app.inject({
        method: 'POST',
        url,
        headers: { ...headers, accept: HTML, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams([['csrf', token], ...fields]).toString(),
      }),
  };
}

/** A page's HTML without the column names its table cells carry for narrow screens. */
export const plainCells = (html: string) => html.replace(/ data-label="[^"]*"/g, '');
