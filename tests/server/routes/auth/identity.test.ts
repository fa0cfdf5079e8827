import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userSchema } from '../../../../contract/user.schema.js';
import { FakeSis } from '../../../fake-sis/fake-sis.js';
import { createTestApp, postDemoSignIn, sessionCookieOf } from '../../helpers/app.js';
import { signInThroughProvider } from '../../helpers/oidc-login.js';
import { TEST_CLIENT, startTestProvider } from '../../helpers/oidc-provider.js';
import type { TestProvider } from '../../helpers/oidc-provider.js';

const REDIRECT_URI = 'http://127.0.0.1:8080/auth/callback';
const student = {
  nine_number: '912345678',
  primary_role: 'student',
  other_roles: [],
  financial_dashboard_access: false,
  has_provisional_account: false,
};

let provider: TestProvider;
let sis: FakeSis;
let app: FastifyInstance;
beforeAll(async () => {
  provider = await startTestProvider({
    redirectUri: REDIRECT_URI,
    postLogoutRedirectUri: 'http://127.0.0.1:8080/',
  });
  sis = await FakeSis.start();
});
afterAll(async () => {
  await provider.close();
  await sis.close();
});
afterEach(async () => app.close());

const oidcApp = (env: Record<string, string> = {}) =>
  createTestApp({
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_REDIRECT_URI: REDIRECT_URI,
      SIS_BASE_URL: sis.url,
      ...env,
    },
  });

async function userOf(cookie: string) {
  const answer = await app.inject({ url: '/api/users/user', headers: { cookie } });
  return userSchema.parse(answer.json());
}

async function oidcSignIn(login: string) {
  const answer = await signInThroughProvider(app, login, REDIRECT_URI);
  return sessionCookieOf(answer);
}

describe('identity from the university systems (OpenID Connect + SIS over HTTP)', () => {
  beforeEach(() => sis.heal());

  it("the staff persona's username signing in through the provider while the SIS says student answers 403 on /admin", async () => {
    sis.setIdentity('mchen', student);
    app = await oidcApp();
    const cookie = await oidcSignIn('mchen');
    expect(await userOf(cookie)).toMatchObject({
      primary_role: 'student',
      nine_number: '912345678',
      is_staff: false,
      is_superuser: false,
      can_use_demo: false,
    });
    const admin = await app.inject({ url: '/admin', headers: { cookie } });
    expect(admin.statusCode).toBe(403);
  });

  it('an unknown person (the SIS answers 404) gets no demo and no staff rights', async () => {
    sis.setIdentity('kparker', null);
    app = await oidcApp();
    const cookie = await oidcSignIn('kparker');
    expect(await userOf(cookie)).toMatchObject({
      primary_role: 'student',
      other_roles: [],
      nine_number: '',
      is_staff: false,
      can_use_demo: false,
      financial_dashboard_access: false,
    });
    expect((await app.inject({ url: '/admin', headers: { cookie } })).statusCode).toBe(403);
  });

  it('the record read at sign-in comes from the SIS identity read: ID, roles, financial access', async () => {
    sis.setIdentity('kparker', {
      ...student,
      primary_role: 'faculty',
      other_roles: ['advisor'],
      financial_dashboard_access: true,
    });
    app = await oidcApp();
    const cookie = await oidcSignIn('kparker');
    expect(await userOf(cookie)).toMatchObject({
      primary_role: 'faculty',
      other_roles: ['advisor'],
      financial_dashboard_access: true,
    });
    expect(sis.calls.some((c) => c.read === 'identity')).toBe(true);
  });

  it("a member of the provider's configured staff group is staff and reaches /admin", async () => {
    sis.setIdentity('gstaff', { ...student, primary_role: 'staff' });
    app = await oidcApp();
    const cookie = await oidcSignIn('gstaff');
    expect(await userOf(cookie)).toMatchObject({ is_staff: true, can_use_demo: false });
    expect((await app.inject({ url: '/admin', headers: { cookie } })).statusCode).toBe(200);
  });

  it('a group gives nothing unless it is the configured group (STAFF_GROUPS)', async () => {
    sis.setIdentity('gstaff', { ...student, primary_role: 'staff' });
    app = await oidcApp({ STAFF_GROUPS: 'it-admins' });
    const cookie = await oidcSignIn('gstaff');
    expect(await userOf(cookie)).toMatchObject({ is_staff: false });
  });

  it('a staff grant in the database keeps a person staff at every sign-in', async () => {
    sis.setIdentity('kparker', student);
    app = await oidcApp();
    await app.repositories.grants.put('kparker', 'staff', 'root', new Date());
    for (let i = 0; i < 2; i += 1) {
      expect(await userOf(await oidcSignIn('kparker'))).toMatchObject({ is_staff: true });
    }
  });

  it('sign-in is refused (503) while the SIS cannot say who the person is: it fails closed', async () => {
    sis.fail('identity', { kind: 'status', status: 500 });
    app = await oidcApp();
    const answer = await signInThroughProvider(app, 'kparker', REDIRECT_URI);
    expect(answer.statusCode).toBe(503);
    expect(answer.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
  });
});

describe('identity at demo sign-in (the development identity provider)', () => {
  beforeEach(() => sis.heal());

  it('demo sign-in reads the person through the configured SIS port too', async () => {
    sis.setIdentity('avalencia', { ...student, nine_number: '955555555' });
    app = await createTestApp({ env: { SIS_BASE_URL: sis.url } });
    const cookie = sessionCookieOf(await postDemoSignIn(app, 'student', { next: '/' }));
    expect(await userOf(cookie)).toMatchObject({ nine_number: '955555555' });
  });

  it('the demo staff persona is staff through the staff group the demo provider issues', async () => {
    app = await createTestApp();
    const cookie = sessionCookieOf(await postDemoSignIn(app, 'staff', { next: '/' }));
    expect(await userOf(cookie)).toMatchObject({ is_staff: true, primary_role: 'staff' });
  });

  it('the provisional persona is not given demo mode', async () => {
    app = await createTestApp();
    const answer = await postDemoSignIn(app, 'provisional', { next: '/' });
    const user = await app.repositories.users.findByUsername('tprovisional');
    expect(answer.statusCode).toBe(303);
    expect(user).toMatchObject({ can_use_demo: false, has_provisional_account: true });
  });
});
