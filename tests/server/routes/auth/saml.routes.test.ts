import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ServiceProviderInstance } from 'samlify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userSchema } from '../../../../contract/user.schema.js';
import { openDatabase } from '../../../../server/db/database.js';
import { createTestApp, logOut, sessionCookieOf } from '../../helpers/app.js';
import { TestIdp, makeKeyPair, tempFile } from '../../helpers/saml-idp.js';
import type { ResponseOverrides, TestIdpUser, TestKeyPair } from '../../helpers/saml-idp.js';

// A SAML app starts node-saml's worker thread (its TypeScript compiled on the way in tests): on a
// loaded two-core machine the first start took over 20 s, so these suites get a minute a test.
vi.setConfig({ testTimeout: 60_000 });

const PORTAL = 'http://127.0.0.1:8080';
const IDP = 'https://idp.campus.test/idp/shibboleth';
const SSO = 'https://idp.campus.test/idp/profile/SAML2/Redirect/SSO';
const SLO = 'https://idp.campus.test/idp/profile/SAML2/Redirect/SLO';

const EPPN = 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6';
const UID = 'urn:oid:0.9.2342.19200300.100.1.1';
const MAIL = 'urn:oid:0.9.2342.19200300.100.1.3';
const GIVEN = 'urn:oid:2.5.4.42';
const SN = 'urn:oid:2.5.4.4';
const MEMBER_OF = 'urn:oid:1.3.6.1.4.1.5923.1.5.1.1';

const student: TestIdpUser = {
  nameId: 'AAdzZWNyZXQxNTE2',
  attributes: {
    [EPPN]: ['kparker@campus.test'],
    [UID]: ['kparker'],
    [MAIL]: ['kparker@campus.test'],
    [GIVEN]: ['Kim'],
    [SN]: ['Parker'],
  },
};
const staffMember: TestIdpUser = {
  nameId: 'AAdzZWNyZXQxNTE3',
  attributes: {
    [EPPN]: ['gstafford@campus.test'],
    [GIVEN]: ['Gale'],
    [SN]: ['Stafford'],
    [MEMBER_OF]: ['campus-everyone', 'portal-staff'],
  },
};

const cookieOf = (answer: LightMyRequestResponse, name: string) => {
  const found = answer.cookies.find((c) => c.name === name);
  if (!found) throw new Error(`no ${name} cookie in answer ${answer.statusCode}`);
  return `${name}=${found.value}`;
};

describe('sign-in through a SAML identity provider', () => {
  let spKeys: TestKeyPair;
  let idp: TestIdp;
  let app: FastifyInstance;
  /** Every app a test built, closed after it. */
  const opened: FastifyInstance[] = [];
  let sp: ServiceProviderInstance;
  let env: Record<string, string>;

  beforeAll(() => {
    spKeys = makeKeyPair('Campus Portal');
    idp = new TestIdp({ entityId: IDP, ssoUrl: SSO, sloUrl: SLO });
    env = samlEnv(idp);
  });
  afterEach(async () => {
    for (const each of opened.splice(0)) await each.close();
  });

  function samlEnv(provider: TestIdp, more: Record<string, string> = {}) {
    return {
      SAML_IDP_METADATA: tempFile('idp.xml', provider.metadata()),
      SAML_SP_KEY_FILE: tempFile('sp.key', spKeys.key),
      SAML_SP_CERT_FILE: tempFile('sp.crt', spKeys.cert),
      PUBLIC_ORIGIN: PORTAL,
      ...more,
    };
  }

  async function samlApp(options: { env?: Record<string, string> } = {}) {
    app = await createTestApp({ env: options.env ?? env });
    opened.push(app);
    sp = TestIdp.sp((await app.inject({ url: '/auth/saml/metadata' })).body);
    return app;
  }

  /** /auth/login as a browser: the IdP's address, the request's id and the browser's cookie. */
  async function startSignIn(on: FastifyInstance, next = '/academics') {
    const start = await on.inject({ url: `/auth/login?next=${encodeURIComponent(next)}` });
    expect(start.statusCode).toBe(303);
    const location = String(start.headers.location);
    const { id } = await idp.readRequest(sp, location);
    return { location, id, cookie: cookieOf(start, 'portal_saml_request') };
  }

  function postResponse(on: FastifyInstance, samlResponse: string, cookie: string) {
    return on.inject({
      method: 'POST',
      url: '/auth/saml/acs',
      payload: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        cookie,
        // Posted from the IdP's site, as a browser does.
        origin: 'https://idp.campus.test',
      },
    });
  }

  async function signInAs(user: TestIdpUser, overrides: ResponseOverrides = {}, next?: string) {
    const { id, cookie } = await startSignIn(app, next);
    const response = await idp.respond(sp, id, user, overrides);
    return { answer: await postResponse(app, response, cookie), response, cookie, id };
  }

  async function userOf(answer: LightMyRequestResponse) {
    const cookie = sessionCookieOf(answer);
    return userSchema.parse(
      (await app.inject({ url: '/api/users/user', headers: { cookie } })).json(),
    );
  }

  /** The answer is the sign-in problem page, its reference in the audit entry of the refusal. */
  async function expectRefused(answer: LightMyRequestResponse, reason: string, on = app) {
    expect(answer.statusCode).toBe(400);
    expect(answer.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
    expect(answer.body).toContain('Sign-in did not complete');
    const reference = /this reference: ([A-Za-z0-9_-]+-[0-9a-z]+)\./.exec(answer.body)?.[1];
    expect(reference).toBeDefined();
    const [entry] = await on.repositories.audit.latest(1);
    expect(entry).toMatchObject({
      action: 'auth.signInFailed',
      username: null,
      detail: { method: 'saml', reason, reference },
    });
  }

  it('sends an AuthnRequest by HTTP-Redirect to the IdP, signed with the portal key', async () => {
    await samlApp();
    const { location } = await startSignIn(app);
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(SSO);
    expect(url.searchParams.get('SigAlg')).toBe(
      'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    );
    expect(url.searchParams.get('Signature')).toBeTruthy();
  });

  it('signs a student in from the attributes by OID name, and lands on next', async () => {
    await samlApp();
    const { answer } = await signInAs(student);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/academics');
    expect(await userOf(answer)).toMatchObject({
      username: 'kparker@campus.test',
      email: 'kparker@campus.test',
      first_name: 'Kim',
      last_name: 'Parker',
      is_staff: false,
    });
    const [entry] = await app.repositories.audit.latest(1);
    expect(entry).toMatchObject({
      action: 'auth.signIn',
      username: 'kparker@campus.test',
      detail: { method: 'saml' },
    });
  });

  it('gives staff rights to a member of a STAFF_GROUPS group by isMemberOf', async () => {
    await samlApp();
    const { answer } = await signInAs(staffMember, {}, '/admin');
    expect(answer.headers.location).toBe('/admin');
    expect(await userOf(answer)).toMatchObject({
      username: 'gstafford@campus.test',
      is_staff: true,
    });
  });

  it('reads attributes by friendly name, the username from uid, groups from eduPersonEntitlement', async () => {
    await samlApp({
      env: samlEnv(idp, {
        SAML_USERNAME_ATTRIBUTE: 'uid',
        SAML_GROUPS_ATTRIBUTE: 'eduPersonEntitlement',
      }),
    });
    const { answer } = await signInAs({
      nameId: 'x',
      friendlyNamesOnly: true,
      attributes: {
        [UID]: ['mchen'],
        [GIVEN]: ['Morgan'],
        'urn:oid:1.3.6.1.4.1.5923.1.1.1.7': ['urn:mace:campus.test:library', 'portal-superusers'],
      },
    });
    // mchen is the sample SIS's staff member: the record comes from the SIS port.
    expect(await userOf(answer)).toMatchObject({
      username: 'mchen',
      first_name: 'Morgan',
      primary_role: 'staff',
      is_superuser: true,
    });
  });

  it('takes the username from the NameID when SAML_USERNAME_ATTRIBUTE=NameID', async () => {
    await samlApp({ env: samlEnv(idp, { SAML_USERNAME_ATTRIBUTE: 'NameID' }) });
    const { answer } = await signInAs(student);
    expect(await userOf(answer)).toMatchObject({ username: student.nameId });
  });

  it('refuses a response without any signature', async () => {
    await samlApp();
    const { id, cookie } = await startSignIn(app);
    await expectRefused(
      await postResponse(app, await idp.unsignedResponse(sp, id, student), cookie),
      'signature',
    );
  });

  it('refuses a response signed by another key than the IdP metadata names', async () => {
    await samlApp();
    const impostor = new TestIdp({ entityId: IDP, ssoUrl: SSO });
    const { id, cookie } = await startSignIn(app);
    await expectRefused(
      await postResponse(app, await impostor.respond(sp, id, student), cookie),
      'signature',
    );
  });

  it('refuses a wrapped signature: a forged assertion beside the signed one', async () => {
    await samlApp();
    const { id, cookie } = await startSignIn(app);
    const signed = Buffer.from(await idp.respond(sp, id, student), 'base64').toString('utf8');
    // The IdP signed the whole response; the attacker moves that signed response inside a new
    // one whose assertion names someone else, keeping the signature at the top.
    const signature = /<ds:Signature[\s\S]*?<\/ds:Signature>/.exec(signed)?.[0] ?? '';
    const original = signed.replace(signature, '');
    const forged = original
      .replace(/ID="(_[^"]+)"/, 'ID="_forged"')
      .replace('kparker@campus.test', 'admin@campus.test')
      .replace(
        /(<saml:Issuer>[^<]*<\/saml:Issuer>)/,
        `$1${signature.replace('</ds:Signature>', `<ds:Object>${original}</ds:Object></ds:Signature>`)}`,
      );
    await expectRefused(
      await postResponse(app, Buffer.from(forged).toString('base64'), cookie),
      'signature',
    );
  });

  it('refuses the replay of a used response, also on a second process sharing the store', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'saml-store-'));
    const store = () => openDatabase({ dataDir, sqliteFile: 'portal.sqlite' });
    const first = await createTestApp({ env, database: await store() });
    const second = await createTestApp({ env, database: await store() });
    opened.push(first, second);
    sp = TestIdp.sp((await first.inject({ url: '/auth/saml/metadata' })).body);
    const { id, cookie } = await startSignIn(first);
    const response = await idp.respond(sp, id, student);
    expect((await postResponse(first, response, cookie)).statusCode).toBe(303);
    await expectRefused(await postResponse(first, response, cookie), 'in-response-to', first);
    await expectRefused(await postResponse(second, response, cookie), 'in-response-to', second);
  });

  it('accepts a response once when two processes receive it at the same time', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'saml-store-'));
    const store = () => openDatabase({ dataDir, sqliteFile: 'portal.sqlite' });
    const first = await createTestApp({ env, database: await store() });
    const second = await createTestApp({ env, database: await store() });
    opened.push(first, second);
    sp = TestIdp.sp((await first.inject({ url: '/auth/saml/metadata' })).body);
    const { id, cookie } = await startSignIn(first);
    const response = await idp.respond(sp, id, student);
    const answers = await Promise.all([
      postResponse(first, response, cookie),
      postResponse(second, response, cookie),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 400]);
  });

  it('refuses an expired assertion', async () => {
    await samlApp();
    const past = new Date(Date.now() - 10 * 60_000).toISOString();
    const { answer } = await signInAs(student, {
      IssueInstant: new Date(Date.now() - 15 * 60_000).toISOString(),
      ConditionsNotBefore: new Date(Date.now() - 15 * 60_000).toISOString(),
      ConditionsNotOnOrAfter: past,
      SubjectConfirmationDataNotOnOrAfter: past,
    });
    await expectRefused(answer, 'expired');
  });

  it('accepts an assertion a few seconds ahead of this clock (the allowed skew)', async () => {
    await samlApp();
    const { answer } = await signInAs(student, {
      ConditionsNotBefore: new Date(Date.now() + 20_000).toISOString(),
    });
    expect(answer.statusCode).toBe(303);
  });

  it('refuses an assertion not yet valid beyond the allowed skew', async () => {
    await samlApp();
    const { answer } = await signInAs(student, {
      ConditionsNotBefore: new Date(Date.now() + 5 * 60_000).toISOString(),
    });
    await expectRefused(answer, 'expired');
  });

  it('refuses an assertion for another audience', async () => {
    await samlApp();
    const { answer } = await signInAs(student, {
      Audience: 'https://other-service.campus.test/sp',
    });
    await expectRefused(answer, 'audience');
  });

  it('refuses a response for another Destination', async () => {
    await samlApp();
    const { answer } = await signInAs(student, {
      Destination: 'https://other-service.campus.test/acs',
    });
    await expectRefused(answer, 'destination');
  });

  it('refuses an assertion for another Recipient', async () => {
    await samlApp();
    const { answer } = await signInAs(student, {
      SubjectRecipient: 'https://other-service.campus.test/acs',
    });
    await expectRefused(answer, 'recipient');
  });

  it('refuses a response nobody asked for (unsolicited, no InResponseTo)', async () => {
    await samlApp();
    const { cookie } = await startSignIn(app);
    await expectRefused(
      await postResponse(app, await idp.respond(sp, '', student), cookie),
      'in-response-to',
    );
  });

  it('refuses a response to a request this portal never sent', async () => {
    await samlApp();
    const { cookie } = await startSignIn(app);
    await expectRefused(
      await postResponse(app, await idp.respond(sp, '_never-sent', student), cookie),
      'in-response-to',
    );
  });

  it('refuses a response to a request another browser started', async () => {
    await samlApp();
    const { id } = await startSignIn(app);
    const { cookie: otherBrowser } = await startSignIn(app);
    await expectRefused(
      await postResponse(app, await idp.respond(sp, id, student), otherBrowser),
      'in-response-to',
    );
  });

  it('refuses an assertion from another issuer signed with the IdP key', async () => {
    await samlApp();
    const { answer } = await signInAs(student, { Issuer: 'https://idp.elsewhere.test/idp' });
    await expectRefused(answer, 'issuer');
  });

  it('decrypts an encrypted assertion', async () => {
    const sealing = new TestIdp({
      entityId: IDP,
      ssoUrl: SSO,
      keys: idp.keys,
      encryptAssertions: true,
    });
    await samlApp();
    const { id, cookie } = await startSignIn(app);
    const response = await sealing.respond(sp, id, student);
    expect(Buffer.from(response, 'base64').toString('utf8')).toContain('EncryptedAssertion');
    const answer = await postResponse(app, response, cookie);
    expect(answer.statusCode).toBe(303);
    expect(await userOf(answer)).toMatchObject({ username: 'kparker@campus.test' });
  });

  it('trusts every signing certificate of the metadata: a rollover signs with the new one', async () => {
    const next = new TestIdp({ entityId: IDP, ssoUrl: SSO });
    await samlApp({
      env: samlEnv(
        new TestIdp({ entityId: IDP, ssoUrl: SSO, keys: idp.keys, extraCerts: [next.keys.cert] }),
      ),
    });
    const { id, cookie } = await startSignIn(app);
    expect((await postResponse(app, await next.respond(sp, id, student), cookie)).statusCode).toBe(
      303,
    );
  });

  it('keeps next to the portal: another site becomes the dashboard', async () => {
    await samlApp();
    const { answer } = await signInAs(student, {}, 'https://evil.example/');
    expect(answer.headers.location).toBe('/');
  });

  it('refuses a person without the username attribute, with the help desk message', async () => {
    await samlApp();
    const { answer } = await signInAs({ nameId: 'x', attributes: { [GIVEN]: ['Nobody'] } });
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toContain('no username the portal can use');
  });

  it('logs out through the IdP single logout and ends the portal session', async () => {
    await samlApp();
    const { answer } = await signInAs(student);
    const cookie = [sessionCookieOf(answer), cookieOf(answer, 'portal_saml')].join('; ');
    const out = await logOut(app, cookie);
    expect(out.statusCode).toBe(303);
    const location = new URL(String(out.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(SLO);
    expect(location.searchParams.get('SAMLRequest')).toBeTruthy();
    expect((await app.inject({ url: '/api/users/user', headers: { cookie } })).statusCode).toBe(
      401,
    );
    // The IdP's LogoutResponse leads home.
    const back = await app.inject({ url: '/auth/saml/slo?SAMLResponse=x' });
    expect(back.headers.location).toBe('/');
  });

  it('ends the portal session only when the IdP offers no single logout', async () => {
    await samlApp({ env: samlEnv(new TestIdp({ entityId: IDP, ssoUrl: SSO, keys: idp.keys })) });
    const { answer } = await signInAs(student);
    const cookie = [sessionCookieOf(answer), cookieOf(answer, 'portal_saml')].join('; ');
    const out = await logOut(app, cookie);
    expect(out.headers.location).toBe('/');
    expect((await app.inject({ url: '/api/users/user', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it('ends the session at a signed logout request of the IdP naming it, and answers with a LogoutResponse', async () => {
    await samlApp();
    const { answer, response } = await signInAs(student);
    const cookie = [sessionCookieOf(answer), cookieOf(answer, 'portal_saml')].join('; ');
    const sessionIndex = sessionIndexOf(response);
    const request = new URL(idp.logoutRequest(sp, student.nameId, { sessionIndex }));
    expect(request.searchParams.get('Signature')).toBeTruthy();
    const out = await app.inject({ url: `/auth/saml/slo${request.search}`, headers: { cookie } });
    const location = new URL(String(out.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(SLO);
    expect(location.searchParams.get('SAMLResponse')).toBeTruthy();
    expect((await app.inject({ url: '/api/users/user', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it('refuses an unsigned logout request from the IdP and keeps the session', async () => {
    await samlApp();
    const { answer } = await signInAs(student);
    const cookie = [sessionCookieOf(answer), cookieOf(answer, 'portal_saml')].join('; ');
    const forged = await app.inject({
      url: '/auth/saml/slo?SAMLRequest=abc',
      headers: { cookie, accept: 'text/html' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('Sign-out did not complete');
    expect((await app.inject({ url: '/api/users/user', headers: { cookie } })).statusCode).toBe(
      200,
    );
  });
});

/** The SessionIndex the IdP gave a response (what its logout requests name). */
function sessionIndexOf(response: string): string {
  const found = /SessionIndex="([^"]+)"/.exec(Buffer.from(response, 'base64').toString('utf8'));
  if (!found?.[1]) throw new Error('the response has no SessionIndex');
  return found[1];
}
