import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  passkeyCreationOptionsSchema,
  passkeyListSchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
} from '../../../../contract/delegate-passkeys.schema.js';
import { delegateMeSchema } from '../../../../contract/delegates.schema.js';
import { errorSchema } from '../../../../contract/error.schema.js';
import { createTestApp } from '../../helpers/app.js';
import {
  asStudent,
  delegateCookieOf,
  PARENT,
  parentSharedFinances,
} from '../../helpers/delegate.js';
import { softAuthenticator } from '../../helpers/passkey-authenticator.js';

const ORIGIN = 'https://portal.example.edu';
const RP_ID = 'portal.example.edu';
const PASSKEYS = '/auth/delegate/passkeys';
let now = new Date('2026-11-27T17:00:00.000Z');

let app: FastifyInstance;
let grantId = 0;
let parent = '';

/** A call from the delegate pages' script: same origin, JSON, the delegate's cookie if any. */
const call = (url: string, options: { cookie?: string; payload?: object; origin?: string } = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: {
      origin: options.origin ?? ORIGIN,
      host: RP_ID,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });

const detailOf = (answer: { json: () => unknown }) => errorSchema.parse(answer.json()).detail;

async function registrationChallenge() {
  const answer = await call(`${PASSKEYS}/register/options`, { cookie: parent });
  expect(answer.statusCode).toBe(200);
  return passkeyCreationOptionsSchema.parse(answer.json());
}

async function signInChallenge() {
  const answer = await call(`${PASSKEYS}/sign-in/options`);
  expect(answer.statusCode).toBe(200);
  return passkeyRequestOptionsSchema.parse(answer.json()).challenge;
}

const authenticator = softAuthenticator(RP_ID, ORIGIN);

beforeAll(async () => {
  app = await createTestApp({ clock: () => now, env: { PUBLIC_ORIGIN: ORIGIN } });
  ({ grantId, cookie: parent } = await parentSharedFinances(app));
});
afterAll(async () => {
  await app.close();
});

describe("a delegate's passkey: the registration ceremony (issue 73)", () => {
  it('the options name the public origin’s host as the relying party and ask for a discoverable, user-verified passkey', async () => {
    const options = await registrationChallenge();
    expect(options.rp.id).toBe(RP_ID);
    expect(options.user.name).toBe(PARENT);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
  });

  it('a signed-out browser gets no options (401), and a cross-site page none either (403)', async () => {
    expect((await call(`${PASSKEYS}/register/options`)).statusCode).toBe(401);
    const crossSite = await call(`${PASSKEYS}/register/options`, {
      cookie: parent,
      origin: 'https://elsewhere.example',
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('an answer to a challenge the server never issued is refused, and nothing is stored', async () => {
    const answer = await call(`${PASSKEYS}/register`, {
      cookie: parent,
      payload: authenticator.register('bm90LWlzc3VlZC1ieS10aGUtc2VydmVy'),
    });
    expect(answer.statusCode).toBe(400);
    expect(detailOf(answer)).toContain('expired or was already used');
    const list = await app.inject({ url: PASSKEYS, headers: { cookie: parent } });
    expect(passkeyListSchema.parse(list.json())).toEqual([]);
  });

  it('an answer signed for another origin is refused as unverified (and its challenge is spent)', async () => {
    const { challenge } = await registrationChallenge();
    const answer = await call(`${PASSKEYS}/register`, {
      cookie: parent,
      payload: authenticator.register(challenge, { origin: 'https://phish.example' }),
    });
    expect(answer.statusCode).toBe(400);
    expect(detailOf(answer)).toContain('could not be verified');
  });

  it('a valid answer adds the passkey (201) and the list shows it; the same answer replayed is refused', async () => {
    const { challenge } = await registrationChallenge();
    const payload = authenticator.register(challenge);
    const added = await call(`${PASSKEYS}/register`, { cookie: parent, payload });
    expect(added.statusCode).toBe(201);
    const passkey = passkeySchema.parse(added.json());
    const list = await app.inject({ url: PASSKEYS, headers: { cookie: parent } });
    expect(passkeyListSchema.parse(list.json()).map((p) => p.id)).toEqual([passkey.id]);
    const replayed = await call(`${PASSKEYS}/register`, { cookie: parent, payload });
    expect(replayed.statusCode).toBe(400);
    expect(detailOf(replayed)).toContain('expired or was already used');
  });

  it('a challenge older than 2 minutes is refused', async () => {
    const { challenge } = await registrationChallenge();
    const then = now;
    now = new Date(then.getTime() + 3 * 60 * 1000);
    try {
      const late = await call(`${PASSKEYS}/register`, {
        cookie: parent,
        payload: softAuthenticator(RP_ID, ORIGIN).register(challenge),
      });
      expect(late.statusCode).toBe(400);
      expect(detailOf(late)).toContain('expired or was already used');
    } finally {
      now = then;
    }
  });

  it('a body that is no WebAuthn answer is refused by the schema (400)', async () => {
    const answer = await call(`${PASSKEYS}/register`, {
      cookie: parent,
      payload: { id: 'x', rawId: 'x', type: 'public-key', response: {}, extra: true },
    });
    expect(answer.statusCode).toBe(400);
  });
});

describe('signing in with a passkey: the authentication ceremony (issue 73)', () => {
  it('a valid answer starts a delegate session: the cookie reads who is signed in', async () => {
    const answer = await call(`${PASSKEYS}/sign-in`, {
      payload: authenticator.authenticate(await signInChallenge()),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ next: '/finances' });
    const cookie = delegateCookieOf(answer);
    const me = await app.inject({ url: '/auth/delegate/me', headers: { cookie: cookie ?? '' } });
    expect(delegateMeSchema.parse(me.json()).email).toBe(PARENT);
  });

  it('the same answer replayed is refused and starts no session', async () => {
    const payload = authenticator.authenticate(await signInChallenge());
    expect((await call(`${PASSKEYS}/sign-in`, { payload })).statusCode).toBe(200);
    const replayed = await call(`${PASSKEYS}/sign-in`, { payload });
    expect(replayed.statusCode).toBe(400);
    expect(detailOf(replayed)).toContain('expired or was already used');
    expect(delegateCookieOf(replayed)).toBeUndefined();
  });

  it('an answer to a challenge the server never issued is refused', async () => {
    const answer = await call(`${PASSKEYS}/sign-in`, {
      payload: authenticator.authenticate('bm90LWlzc3VlZC1ieS10aGUtc2VydmVy'),
    });
    expect(answer.statusCode).toBe(400);
    expect(detailOf(answer)).toContain('expired or was already used');
  });

  it('an unknown passkey is refused with the way back (sign in by email)', async () => {
    const stranger = softAuthenticator(RP_ID, ORIGIN);
    const answer = await call(`${PASSKEYS}/sign-in`, {
      payload: stranger.authenticate(await signInChallenge()),
    });
    expect(answer.statusCode).toBe(400);
    expect(detailOf(answer)).toContain('not known here');
    expect(delegateCookieOf(answer)).toBeUndefined();
  });

  it('an answer signed for another origin is refused as unverified', async () => {
    const answer = await call(`${PASSKEYS}/sign-in`, {
      payload: authenticator.authenticate(await signInChallenge(), {
        origin: 'https://phish.example',
      }),
    });
    expect(answer.statusCode).toBe(400);
    expect(detailOf(answer)).toContain('could not be verified');
  });

  it('a cross-site page may not sign anyone in (403)', async () => {
    const answer = await call(`${PASSKEYS}/sign-in`, {
      origin: 'https://elsewhere.example',
      payload: authenticator.authenticate('Y2hhbGxlbmdl'),
    });
    expect(answer.statusCode).toBe(403);
  });
});

describe('a passkey removed, a grant revoked (issue 73)', () => {
  it("removing another delegate's passkey (or none) answers 404", async () => {
    const answer = await call(`${PASSKEYS}/999999/remove`, { cookie: parent });
    expect(answer.statusCode).toBe(404);
  });

  it('a revoked grant refuses a passkey sign-in (403), though the passkey itself verifies', async () => {
    expect((await asStudent(app, 'DELETE', `/api/delegations/${grantId}`)).statusCode).toBe(204);
    const answer = await call(`${PASSKEYS}/sign-in`, {
      payload: authenticator.authenticate(await signInChallenge()),
    });
    expect(answer.statusCode).toBe(403);
    expect(detailOf(answer)).toContain('stopped sharing');
    expect(delegateCookieOf(answer)).toBeUndefined();
  });
});

describe("removing a passkey from the delegate's page (issue 73)", () => {
  it('the page’s Remove form (url-encoded, as a browser posts it) goes back to the page saying so', async () => {
    const app2 = await createTestApp({ clock: () => now, env: { PUBLIC_ORIGIN: ORIGIN } });
    try {
      const answer = await app2.inject({
        method: 'POST',
        url: `${PASSKEYS}/1/remove`,
        headers: {
          origin: ORIGIN,
          host: RP_ID,
          accept: 'text/html',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'confirm=1',
      });
      // Signed out: refused, but read (not 415 for the form's body).
      expect(answer.statusCode).toBe(401);
    } finally {
      await app2.close();
    }
  });
});
