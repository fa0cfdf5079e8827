import type { FastifyInstance } from 'fastify';
import { userSchema } from '../../../contract/user.schema.js';
import { sessionCookieOf } from './app.js';

/**
 * Walks the test provider's sign-in as a browser would (following redirects, keeping its cookies,
 * posting the login form) until it sends the browser back to `redirectUri`; answers that address.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  redirectUri: string,
): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let step = 0; step < 12; step += 1) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { cookie, ...(init.headers as Record<string, string> | undefined) },
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const [name = '', ...value] = pair.split('=');
      jar.set(name, value.join('='));
    }
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.href.startsWith(redirectUri)) return url;
      init = {};
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || !html.includes('name="login"')) {
      throw new Error(`Unexpected provider answer ${response.status} at ${url.href}`);
    }
    url = new URL(action, url);
    init = {
      method: 'POST',
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('The provider never sent the browser back');
}

/**
 * The whole sign-in of `login` through the portal and the test provider, as a browser: /auth/login,
 * the provider's form, the callback. Answers the callback's answer.
 */
export async function signInThroughProvider(
  app: FastifyInstance,
  login: string,
  redirectUri: string,
  next = '/',
) {
  const start = await app.inject({ url: `/auth/login?next=${encodeURIComponent(next)}` });
  const transaction = start.cookies.find((c) => c.name === 'portal_oidc');
  if (!transaction) throw new Error(`no transaction cookie (${start.statusCode})`);
  const back = await signInAtProvider(String(start.headers.location), login, redirectUri);
  return app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie: `portal_oidc=${transaction.value}` },
  });
}

/**
 * `login` signed in through the portal and the provider (`signInThroughProvider`, which must answer
 * 303): the session's cookie, and the user the portal answers with its API token.
 */
export async function signedInThroughProvider(
  app: FastifyInstance,
  login: string,
  redirectUri: string,
) {
  const answer = await signInThroughProvider(app, login, redirectUri);
  if (answer.statusCode !== 303) throw new Error(`sign-in answered ${answer.statusCode}`);
  const cookie = sessionCookieOf(answer);
  const user = userSchema.parse(
    (await app.inject({ url: '/api/users/user', headers: { cookie } })).json(),
  );
  return { cookie, token: user.auth_token, user };
}
