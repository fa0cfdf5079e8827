import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ServiceProviderInstance } from 'samlify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../helpers/app.js';
import { TestIdp, makeKeyPair } from '../../helpers/saml-idp.js';
import type { TestIdpUser, TestKeyPair } from '../../helpers/saml-idp.js';
import {
  IDP,
  RSA_SHA1,
  SLO,
  SSO,
  postSamlResponse,
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

describe('what the ACS accepts of a signed response', () => {
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

  async function samlApp(env: Record<string, string> = {}) {
    app = await createTestApp({ env: samlEnvFor(idp, spKeys, env) });
    opened.push(app);
    sp = TestIdp.sp((await app.inject({ url: '/auth/saml/metadata' })).body);
    return app;
  }

  async function expectRefusedFor(answer: LightMyRequestResponse, reason: string) {
    expect(answer.statusCode).toBe(400);
    expect(answer.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
    const [entry] = await app.repositories.audit.latest(1);
    expect(entry).toMatchObject({
      action: 'auth.signInFailed',
      detail: { method: 'saml', reason },
    });
  }

  /** The test IdP with the same key, signing with RSA-SHA1 (and SHA-1 digests). */
  const sha1Idp = () =>
    new TestIdp({
      entityId: IDP,
      ssoUrl: SSO,
      sloUrl: SLO,
      keys: idp.keys,
      signatureAlgorithm: RSA_SHA1,
    });

  it('refuses a response signed with RSA-SHA1 by default', async () => {
    await samlApp();
    const { id, cookie } = await startSamlSignIn(app, idp, sp);
    const response = await sha1Idp().respond(sp, id, student);
    await expectRefusedFor(await postSamlResponse(app, response, cookie), 'sha1');
  });

  it('accepts a response signed with RSA-SHA1 with SAML_ALLOW_SHA1=1', async () => {
    await samlApp({ SAML_ALLOW_SHA1: '1' });
    const { id, cookie } = await startSamlSignIn(app, idp, sp);
    const response = await sha1Idp().respond(sp, id, student);
    expect((await postSamlResponse(app, response, cookie)).statusCode).toBe(303);
  });

  it('refuses a response whose StatusCode is not Success, even with a signed assertion', async () => {
    await samlApp();
    const { id, cookie } = await startSamlSignIn(app, idp, sp);
    const response = await idp.respond(sp, id, student, {
      StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Requester',
    });
    await expectRefusedFor(await postSamlResponse(app, response, cookie), 'idp-status');
  });

  it('keeps the pending sign-in in a sealed cookie: a tampered or missing cookie answers nothing', async () => {
    await samlApp();
    const { id, cookie } = await startSamlSignIn(app, idp, sp);
    const response = await idp.respond(sp, id, student);
    const tampered = cookie.replace(/=(.)/, (_m, c: string) => `=${c === 'A' ? 'B' : 'A'}`);
    await expectRefusedFor(await postSamlResponse(app, response, tampered), 'in-response-to');
    await expectRefusedFor(await postSamlResponse(app, response, ''), 'in-response-to');
    expect((await postSamlResponse(app, response, cookie)).statusCode).toBe(303);
  });

  it('answers the sign-ins of two tabs of one browser: the second start keeps the first', async () => {
    await samlApp();
    const first = await startSamlSignIn(app, idp, sp, '/academics');
    const start = await app.inject({
      url: '/auth/login?next=/finances',
      headers: { cookie: first.cookie },
    });
    const second = { ...(await idp.readRequest(sp, String(start.headers.location))) };
    const both = `portal_saml_request=${start.cookies.find((c) => c.name === 'portal_saml_request')?.value}`;
    const answer = await postSamlResponse(app, await idp.respond(sp, first.id, student), both);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/academics');
    expect(second.id).not.toBe(first.id);
  });

  it('a 5 MB response posted to the ACS answers 413 with the usual error body, the connection kept', async () => {
    await samlApp();
    const { cookie } = await startSamlSignIn(app, idp, sp);
    const answer = await postSamlResponse(app, 'A'.repeat(5 * 1024 * 1024), cookie);
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ detail: expect.stringMatching(/too large/i) as unknown });
    expect(answer.headers.connection).not.toBe('close');
  });

  it('limits /auth/login per address (RATE_LIMIT_API_PER_MINUTE: it writes nothing, a sealed cookie holds the request)', async () => {
    await samlApp({ RATE_LIMIT_API_PER_MINUTE: '2' });
    const from = (address: string) => app.inject({ url: '/auth/login', remoteAddress: address });
    expect((await from('203.0.113.10')).statusCode).toBe(303);
    expect((await from('203.0.113.10')).statusCode).toBe(303);
    expect((await from('203.0.113.10')).statusCode).toBe(429);
    expect((await from('198.51.100.12')).statusCode).toBe(303);
  });
});
