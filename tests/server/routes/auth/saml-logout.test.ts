import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ServiceProviderInstance } from 'samlify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../../server/db/database.js';
import { createTestApp, sessionCookieOf } from '../../helpers/app.js';
import { TestIdp, makeKeyPair } from '../../helpers/saml-idp.js';
import type { TestIdpUser, TestKeyPair } from '../../helpers/saml-idp.js';
import {
  IDP,
  RSA_SHA1,
  SLO,
  SSO,
  cookieOf,
  logoutRequestXml,
  postSamlResponse,
  redirectQuery,
  samlEnvFor,
  startSamlSignIn,
} from '../../helpers/saml-portal.js';

// A SAML app starts node-saml's worker thread (its TypeScript compiled on the way in tests): on a
// loaded two-core machine the first start took over 20 s, so these suites get a minute a test.
vi.setConfig({ testTimeout: 60_000 });

const EPPN = 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6';
const student: TestIdpUser = {
  nameId: 'AAdzZWNyZXQxNTE2',
  attributes: { [EPPN]: ['kp@campus.test'] },
};
const other: TestIdpUser = {
  nameId: 'AAdzZWNyZXQxNTE3',
  attributes: { [EPPN]: ['gs@campus.test'] },
};

/** The StatusCode of the LogoutResponse the portal sends the browser back to the IdP with. */
function answeredStatus(answer: LightMyRequestResponse): string | undefined {
  const location = new URL(String(answer.headers.location));
  const message = location.searchParams.get('SAMLResponse') ?? '';
  const xml = inflateRawSync(Buffer.from(message, 'base64')).toString('utf8');
  return /StatusCode Value="([^"]+)"/.exec(xml)?.[1];
}

describe('logout requests of the SAML identity provider', () => {
  let spKeys: TestKeyPair;
  let idp: TestIdp;
  let app: FastifyInstance;
  let sp: ServiceProviderInstance;
  const opened: FastifyInstance[] = [];

  beforeAll(() => {
    spKeys = makeKeyPair('Campus Portal');
    idp = new TestIdp({ entityId: IDP, ssoUrl: SSO, sloUrl: SLO });
  });
  afterEach(async () => {
    for (const each of opened.splice(0)) await each.close();
  });

  async function samlApp(options: { env?: Record<string, string>; dataDir?: string } = {}) {
    const database = options.dataDir
      ? await openDatabase({ dataDir: options.dataDir, sqliteFile: 'portal.sqlite' })
      : undefined;
    app = await createTestApp({
      env: samlEnvFor(idp, spKeys, options.env),
      ...(database ? { database } : {}),
    });
    opened.push(app);
    sp = TestIdp.sp((await app.inject({ url: '/auth/saml/metadata' })).body);
    return app;
  }

  /** Signs `user` in: the browser's cookies (portal session and SAML session) and SessionIndex. */
  async function signedIn(user: TestIdpUser, on = app) {
    const { id, cookie } = await startSamlSignIn(on, idp, sp);
    const response = await idp.respond(sp, id, user);
    const answer = await postSamlResponse(on, response, cookie);
    expect(answer.statusCode).toBe(303);
    const xml = Buffer.from(response, 'base64').toString('utf8');
    return {
      cookie: [sessionCookieOf(answer), cookieOf(answer, 'portal_saml')].join('; '),
      sessionIndex: /SessionIndex="([^"]+)"/.exec(xml)?.[1] ?? '',
    };
  }

  const signedInStill = async (cookie: string) =>
    (await app.inject({ url: '/api/users/user', headers: { cookie } })).statusCode === 200;

  const logout = (query: string, cookie: string, on = app) =>
    on.inject({ url: `/auth/saml/slo${query}`, headers: { cookie } });

  it('ends the session a LogoutRequest names by its NameID and SessionIndex, answering Success', async () => {
    await samlApp();
    const { cookie, sessionIndex } = await signedIn(student);
    const xml = logoutRequestXml(student.nameId, { sessionIndex });
    const answer = await logout(redirectQuery(xml, { key: idp.keys.key }), cookie);
    expect(answer.statusCode).toBe(303);
    expect(answeredStatus(answer)).toBe('urn:oasis:names:tc:SAML:2.0:status:Success');
    expect(await signedInStill(cookie)).toBe(false);
  });

  it('keeps the session when the LogoutRequest names another SessionIndex of the same person', async () => {
    await samlApp();
    const { cookie } = await signedIn(student);
    const xml = logoutRequestXml(student.nameId, { sessionIndex: '_another-session' });
    const answer = await logout(redirectQuery(xml, { key: idp.keys.key }), cookie);
    expect(answer.statusCode).toBe(303);
    expect(answeredStatus(answer)).not.toBe('urn:oasis:names:tc:SAML:2.0:status:Success');
    expect(await signedInStill(cookie)).toBe(true);
  });

  it("keeps the session when the LogoutRequest names another person (the browser's session is not theirs)", async () => {
    await samlApp();
    const mine = await signedIn(student);
    const theirs = await signedIn(other);
    const xml = logoutRequestXml(other.nameId, { sessionIndex: theirs.sessionIndex });
    const answer = await logout(redirectQuery(xml, { key: idp.keys.key }), mine.cookie);
    expect(answer.statusCode).toBe(303);
    expect(await signedInStill(mine.cookie)).toBe(true);
  });

  it('refuses a LogoutRequest without NotOnOrAfter, and one past it', async () => {
    await samlApp();
    const { cookie, sessionIndex } = await signedIn(student);
    for (const notOnOrAfter of [null, new Date(Date.now() - 5 * 60_000).toISOString()]) {
      const xml = logoutRequestXml(student.nameId, { sessionIndex, notOnOrAfter });
      const answer = await logout(redirectQuery(xml, { key: idp.keys.key }), cookie);
      expect(answer.statusCode).toBe(400);
      expect(await signedInStill(cookie)).toBe(true);
    }
  });

  it('uses a LogoutRequest once, also on a second process sharing the store', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'saml-store-'));
    const first = await samlApp({ dataDir });
    const second = await samlApp({ dataDir });
    const { cookie, sessionIndex } = await signedIn(student, first);
    const query = redirectQuery(logoutRequestXml(student.nameId, { sessionIndex }), {
      key: idp.keys.key,
    });
    expect((await logout(query, cookie, first)).statusCode).toBe(303);
    const { cookie: again } = await signedIn(student, second);
    expect((await logout(query, again, second)).statusCode).toBe(400);
    expect((await logout(query, again, first)).statusCode).toBe(400);
  });

  it('refuses a LogoutRequest whose query signature does not cover its RelayState', async () => {
    await samlApp();
    const { cookie, sessionIndex } = await signedIn(student);
    const query = redirectQuery(logoutRequestXml(student.nameId, { sessionIndex }), {
      key: idp.keys.key,
      relayState: 'signed',
    });
    const altered = query.replace('RelayState=signed', 'RelayState=changed');
    expect((await logout(altered, cookie)).statusCode).toBe(400);
    expect(await signedInStill(cookie)).toBe(true);
    expect((await logout(query, cookie)).statusCode).toBe(303);
  });

  it('refuses a LogoutRequest signed with RSA-SHA1 unless SAML_ALLOW_SHA1 is set', async () => {
    await samlApp();
    const { cookie, sessionIndex } = await signedIn(student);
    const sha1 = () =>
      redirectQuery(logoutRequestXml(student.nameId, { sessionIndex }), {
        key: idp.keys.key,
        sigAlg: RSA_SHA1,
      });
    expect((await logout(sha1(), cookie)).statusCode).toBe(400);
    expect(await signedInStill(cookie)).toBe(true);
    await samlApp({ env: { SAML_ALLOW_SHA1: '1' } });
    const allowed = await signedIn(student);
    const query = redirectQuery(
      logoutRequestXml(student.nameId, { sessionIndex: allowed.sessionIndex }),
      { key: idp.keys.key, sigAlg: RSA_SHA1 },
    );
    expect((await logout(query, allowed.cookie)).statusCode).toBe(303);
    expect(await signedInStill(allowed.cookie)).toBe(false);
  });

  it('limits /auth/saml/slo per address (RATE_LIMIT_SIGN_IN_PER_MINUTE)', async () => {
    await samlApp({ env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: '2' } });
    const from = (address: string) =>
      app.inject({ url: '/auth/saml/slo?SAMLRequest=abc', remoteAddress: address });
    expect((await from('203.0.113.9')).statusCode).toBe(400);
    expect((await from('203.0.113.9')).statusCode).toBe(400);
    expect((await from('203.0.113.9')).statusCode).toBe(429);
    expect((await from('198.51.100.11')).statusCode).toBe(400);
  });
});
