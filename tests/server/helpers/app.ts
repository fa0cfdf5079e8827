import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { openDatabase } from '../../../server/db/database.js';
import type { SessionPolicy } from '../../../server/plugins/session.js';
import type { PersonaId } from '../../../contract/persona.schema.js';
import { userSchema } from '../../../contract/user.schema.js';

export interface TestAppOptions {
  clock?: () => Date;
  sessionPolicy?: SessionPolicy;
  clientDir?: string;
  env?: Record<string, string>;
}

/** The whole server on an in-memory SQLite store; nothing listens. */
export async function createTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    CLIENT_DIR: options.clientDir ?? '/nonexistent-client-dir',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = await openDatabase({ sqliteFile: ':memory:' });
  return buildApp({
    config,
    database,
    logger: false,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.sessionPolicy ? { sessionPolicy: options.sessionPolicy } : {}),
  });
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'portal_session');
  if (!cookie) throw new Error(`No session cookie in answer ${response.statusCode}`);
  return `portal_session=${cookie.value}`;
}

/** Signs in through the demo sign-in form and returns the session cookie and the API token. */
export async function signIn(app: FastifyInstance, persona: PersonaId) {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/demo-sign-in',
    payload: new URLSearchParams({ persona, next: '/' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const cookie = sessionCookieOf(response);
  if (persona === 'provisional') return { cookie, token: '' };
  const user = await app.inject({ method: 'GET', url: '/api/users/user', headers: { cookie } });
  return { cookie, token: userSchema.parse(user.json()).auth_token };
}
