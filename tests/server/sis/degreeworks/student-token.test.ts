import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { degreeProgressSchema } from '../../../../contract/sis/degree-progress.schema.js';
import { FakeDegreeWorks } from '../../../fake-degreeworks/fake-degreeworks.js';
import { STUDENT_ID } from '../../../fake-degreeworks/fixtures.js';
import { createTestApp } from '../../helpers/app.js';
import { TEST_CAPACITY_HEADER, withTestCapacity } from '../../helpers/capacity.js';
import { signedInThroughProvider } from '../../helpers/oidc-login.js';
import { TEST_CLIENT, startTestProvider } from '../../helpers/oidc-provider.js';
import type { TestProvider } from '../../helpers/oidc-provider.js';

const REDIRECT_URI = 'http://127.0.0.1:8080/auth/callback';
/** The sample student (server/sis/personas.ts), known to the provider by this username. */
const STUDENT_USERNAME = 'avalencia';
/** The audience the campus names for DegreeWorks (DEGREEWORKS_TOKEN_AUDIENCE). */
const DW_AUDIENCE = 'https://dw.example.edu/responsiveDashboard';
const AUDIT = '/api/integrations/finti/degree-progress';

let fake: FakeDegreeWorks;
let provider: TestProvider;
/** Whom the provider's token for DegreeWorks names: the sample student, unless a test says. */
let namedInDegreeWorks = STUDENT_ID;
beforeAll(async () => {
  fake = await FakeDegreeWorks.start();
  // The campus provider: refresh tokens, and RFC 8693 exchange: for DegreeWorks' audience it gives
  // a session DegreeWorks takes, naming the student by their DegreeWorks id; for any other audience
  // a token DegreeWorks refuses.
  provider = await startTestProvider({
    redirectUri: REDIRECT_URI,
    postLogoutRedirectUri: 'http://127.0.0.1:8080/',
    refresh: true,
    exchange: (sub, aud) =>
      aud === DW_AUDIENCE && sub === STUDENT_USERNAME
        ? fake.sessionToken(namedInDegreeWorks)
        : 'not-for-degreeworks',
  });
});
afterAll(async () => {
  await provider.close();
  await fake.stop();
});

describe("DegreeWorks read with the student's own sign-in token, DEGREEWORKS_AUTH=student (issue 92)", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  const open = async () => {
    fake.reset();
    namedInDegreeWorks = STUDENT_ID;
    app = await createTestApp({
      onRoute: withTestCapacity,
      env: {
        DEGREE_SOURCE: 'degreeworks',
        DEGREEWORKS_URL: fake.url,
        DEGREEWORKS_AUTH: 'student',
        DEGREEWORKS_TOKEN_AUDIENCE: DW_AUDIENCE,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: TEST_CLIENT.id,
        OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
        OIDC_REDIRECT_URI: REDIRECT_URI,
        SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
      },
    });
    return app;
  };

  /** The sample student signed in through the provider: their API token. */
  const signInStudent = async (portal: FastifyInstance) =>
    (await signedInThroughProvider(portal, STUDENT_USERNAME, REDIRECT_URI)).token;
  const read = (portal: FastifyInstance, token: string, url = AUDIT, capacity?: string) =>
    portal.inject({
      url,
      headers: {
        authorization: `Token ${token}`,
        ...(capacity ? { [TEST_CAPACITY_HEADER]: capacity } : {}),
      },
    });

  it("the student's own read relays their sign-in token, exchanged for DegreeWorks' audience: their record, then their audit for its goal's school and degree, no service token", async () => {
    const portal = await open();
    const exchanged = provider.exchanges();
    const token = await signInStudent(portal);
    expect(provider.exchanges()).toBeGreaterThan(exchanged);
    const answer = await read(portal, token);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    expect(degreeProgressSchema.parse(answer.json()).percent_requirements).toBe(38);
    expect(fake.calls).toEqual([
      { path: '/responsiveDashboard/api/students/myself', params: {}, authorized: true },
      {
        path: '/responsiveDashboard/api/audit',
        params: { studentId: STUDENT_ID, school: 'UG', degree: 'BS' },
        authorized: true,
      },
    ]);
    // The SIS's other reads go on as before, none to DegreeWorks.
    expect((await read(portal, token, '/api/integrations/finti/holds')).statusCode).toBe(200);
    expect(fake.calls).toHaveLength(2);
  });

  it("a support viewer's read of the student relays no token: the section's usual error, DegreeWorks never asked", async () => {
    const portal = await open();
    const token = await signInStudent(portal);
    const answer = await read(portal, token, AUDIT, 'support');
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ component: 'degree-progress' });
    expect(fake.calls).toEqual([]);
    // The student's own read still carries theirs.
    expect((await read(portal, token)).statusCode).toBe(200);
    expect(fake.calls.map((c) => c.authorized)).toEqual([true, true]);
  });

  it("a token whose DegreeWorks record is another student's reads no audit: the section's usual error", async () => {
    const portal = await open();
    namedInDegreeWorks = '900000002';
    const token = await signInStudent(portal);
    const answer = await read(portal, token);
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ component: 'degree-progress' });
    expect(fake.calls.map((c) => c.path)).toEqual(['/responsiveDashboard/api/students/myself']);
  });

  it('a token DegreeWorks refuses though live is refreshed (and exchanged) once, and the read tried again', async () => {
    const portal = await open();
    const token = await signInStudent(portal);
    const exchanged = provider.exchanges();
    fake.refuseStudentTokens(1);
    const answer = await read(portal, token);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    // Its record refused, then read again with the new token, and the audit.
    expect(fake.calls.map((c) => c.authorized)).toEqual([false, true, true]);
    expect(provider.exchanges()).toBe(exchanged + 1);
  });

  it("refused again after the refresh: the section's usual error, and the session stays", async () => {
    const portal = await open();
    const token = await signInStudent(portal);
    fake.refuseStudentTokens(2);
    const answer = await read(portal, token);
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ component: 'degree-progress' });
    expect((await read(portal, token, '/api/integrations/finti/holds')).statusCode).toBe(200);
  });
});
