import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { upstreamTokenSchema } from '../../../../server/auth/oidc-client.js';
import { SIGN_IN_AGAIN } from '../../../../server/auth/sis-token.js';
import { FakePeopleSoft } from '../../../fake-peoplesoft/fake-peoplesoft.js';
import { STUDENT } from '../../../fake-peoplesoft/fixtures.js';
import { createTestApp } from '../../helpers/app.js';
import { TEST_CAPACITY_HEADER, withTestCapacity } from '../../helpers/capacity.js';
import { signInThroughProvider, signedInThroughProvider } from '../../helpers/oidc-login.js';
import { TEST_CLIENT, startTestProvider } from '../../helpers/oidc-provider.js';
import type { TestProvider } from '../../helpers/oidc-provider.js';

const REDIRECT_URI = 'http://127.0.0.1:8080/auth/callback';
/** A Wednesday of the spring term the double enrols the student in (STRM 2272). */
const START = new Date('2027-01-20T18:00:00Z');
const MINUTE = 60_000;

let fake: FakePeopleSoft;
let provider: TestProvider;
/** How long the double takes the exchanged tokens to live (the provider always says 600 s). */
let livesS = 600;
beforeAll(async () => {
  fake = await FakePeopleSoft.start();
  // The campus provider: refresh tokens, and RFC 8693 exchange for PeopleSoft's audience, whose
  // tokens the double accepts (the provider's own tokens are opaque: PeopleSoft refuses them).
  provider = await startTestProvider({
    redirectUri: REDIRECT_URI,
    postLogoutRedirectUri: 'http://127.0.0.1:8080/',
    refresh: true,
    exchange: (sub, aud) => fake.token(sub, { aud, expiresInS: livesS }),
  });
});
afterAll(async () => {
  await provider.close();
  await fake.stop();
});

describe("PeopleSoft read as the student with the sign-in's token (issue 91)", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());
  let now = START;

  const open = async (exchange = true, more: Record<string, string> = {}) => {
    now = START;
    livesS = 600;
    app = await createTestApp({
      clock: () => now,
      onRoute: withTestCapacity,
      env: {
        SIS_ADAPTER: 'peoplesoft',
        PEOPLESOFT_BASE_URL: fake.baseUrl,
        PEOPLESOFT_AUTH: 'student',
        ...(exchange ? { PEOPLESOFT_TOKEN_AUDIENCE: fake.audience } : {}),
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: TEST_CLIENT.id,
        OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
        OIDC_REDIRECT_URI: REDIRECT_URI,
        SEED_SAMPLES: '0',
        SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
        ...more,
      },
    });
    return app;
  };

  /** Signs the double's student in through the provider: the session cookie and the API token. */
  const signInStudent = (portal: FastifyInstance) =>
    signedInThroughProvider(portal, STUDENT.username, REDIRECT_URI);
  const read = (portal: FastifyInstance, token: string, name: string, capacity?: string) =>
    portal.inject({
      url: `/api/integrations/finti/${name}`,
      headers: {
        authorization: `Token ${token}`,
        ...(capacity ? { [TEST_CAPACITY_HEADER]: capacity } : {}),
      },
    });
  /** The session's token as the store keeps it (sealed), and opened with the server's key. */
  const kept = async (portal: FastifyInstance) => {
    const row = await portal.database.db
      .selectFrom('sessions')
      .select('sis_token')
      .executeTakeFirstOrThrow();
    const sealed = row.sis_token ?? '';
    return {
      sealed,
      token: upstreamTokenSchema.parse(portal.secretBox.unseal('sis-token', sealed, now)),
    };
  };

  it("signs in by OpenID Connect, exchanges the token for PeopleSoft's audience, and every read of the student carries it", async () => {
    const portal = await open();
    const before = fake.calls.length;
    const { token, user } = await signInStudent(portal);
    // The identity read at sign-in was the student's own, with the exchanged token.
    expect(user).toMatchObject({ username: STUDENT.username, nine_number: STUDENT.emplid });
    const holds = await read(portal, token, 'holds');
    expect(holds.statusCode).toBe(200);
    expect(JSON.stringify(holds.json())).toContain('No Enroll');
    const calls = fake.calls.slice(before);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.auth === 'bearer' && c.who === STUDENT.username)).toBe(true);
    expect(provider.exchanges()).toBeGreaterThan(0);
    // Kept sealed: the store's copy holds neither the access nor the refresh token in the clear.
    const { sealed, token: upstream } = await kept(portal);
    expect(sealed).not.toContain(upstream.access.slice(0, 20));
    expect(upstream.refresh).toBeDefined();
    expect(sealed).not.toContain(upstream.refresh?.slice(0, 12));
  });

  it('refreshes the token near its end (and exchanges the new one), one refresh for reads at once', async () => {
    const portal = await open();
    const { token } = await signInStudent(portal);
    const first = (await kept(portal)).token;
    const exchanged = provider.exchanges();
    now = new Date(START.getTime() + 10 * MINUTE);
    const answers = await Promise.all(
      ['gpa', 'advisor', 'financial-aid-info'].map((name) => read(portal, token, name)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const second = (await kept(portal)).token;
    expect(second.access).not.toBe(first.access);
    expect(second.expiresAt).toBe(now.getTime() + 600_000);
    expect(provider.exchanges()).toBe(exchanged + 1);
  });

  it('a support viewer or a delegate reading the student forwards no token (refused before any call)', async () => {
    const portal = await open();
    const { token } = await signInStudent(portal);
    const before = fake.calls.length;
    expect((await read(portal, token, 'holds', 'support')).statusCode).toBe(500);
    expect(fake.calls.length).toBe(before);
    // The person's own read still carries theirs.
    expect((await read(portal, token, 'holds')).statusCode).toBe(200);
    expect(fake.calls.slice(before).every((c) => c.auth === 'bearer')).toBe(true);
  });

  it('a token the provider will not refresh any more is "sign in again": 401 and the session ends', async () => {
    const portal = await open();
    const { token, cookie } = await signInStudent(portal);
    const { refresh } = (await kept(portal)).token;
    await provider.revokeRefresh(refresh ?? '');
    now = new Date(START.getTime() + 11 * MINUTE);
    const answer = await read(portal, token, 'gpa');
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ detail: SIGN_IN_AGAIN });
    // Signed out everywhere: the cookie's user call, the token's next read.
    expect((await portal.inject({ url: '/api/users/user', headers: { cookie } })).statusCode).toBe(
      401,
    );
    expect((await read(portal, token, 'advisor')).statusCode).toBe(401);
  });

  it("a token PeopleSoft refuses though it is live is tried once refreshed, then the section's usual error, never a sign-in loop", async () => {
    const portal = await open();
    const { token, cookie } = await signInStudent(portal);
    // From now on PeopleSoft takes every token for expired (its clock, not the provider's word).
    livesS = -60;
    now = new Date(START.getTime() + 10 * MINUTE);
    const before = fake.calls.length;
    const answer = await read(portal, token, 'holds');
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ component: 'holds' });
    // Refreshed before the call (near its end), refused, refreshed, refused again: the session stays.
    expect(fake.calls.slice(before).map((c) => c.who)).toEqual([null, null]);
    expect((await portal.inject({ url: '/api/users/user', headers: { cookie } })).statusCode).toBe(
      200,
    );
  });

  it('with changes on, the sign-in reads the baseline with the token, and a visit tells a hold added since, once', async () => {
    const portal = await open(true, { CHANGES: 'on', SESSION_IDLE_MINUTES: '1440' });
    const { token, user } = await signInStudent(portal);
    await portal.changes.idle();
    expect(await portal.repositories.recordChanges.stored(user.profile_pk)).toBeTruthy();
    fake.addIndicator(STUDENT.username, {
      SRVC_IND_CD: 'AR1',
      SRVC_IND_CD_DESCR: 'Past Due Balance',
    });
    // The visit's first read of holds is fresh (nothing cached), with a refreshed token.
    now = new Date(START.getTime() + 61 * MINUTE);
    expect((await read(portal, token, 'holds')).statusCode).toBe(200);
    await portal.changes.idle();
    const titles = async () =>
      (
        await portal.repositories.messages.forRecipient(
          { id: user.profile_pk, username: user.username, roles: ['student'] },
          now,
        )
      ).map((m) => m.title);
    expect((await titles()).filter((t) => t.includes('Past Due Balance'))).toHaveLength(1);
    // Past the holds read's 480 minutes: read fresh again, told no second time.
    now = new Date(now.getTime() + 481 * MINUTE);
    expect((await read(portal, token, 'holds')).statusCode).toBe(200);
    await portal.changes.idle();
    expect((await titles()).filter((t) => t.includes('Past Due Balance'))).toHaveLength(1);
  });

  it("a provider token PeopleSoft does not accept (no exchange where one is needed) refuses the sign-in with the SIS's problem, not a loop", async () => {
    const portal = await open(false);
    const answer = await signInThroughProvider(portal, STUDENT.username, REDIRECT_URI);
    expect(answer.statusCode).toBe(503);
    expect(answer.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
  });
});
