import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../contract/error.schema.js';
import { createTestApp } from '../helpers/app.js';
import { TEST_CLIENT, startTestProvider } from '../helpers/oidc-provider.js';
import { RUNS } from './routes.js';

const REDIRECT_URI = 'http://127.0.0.1:8080/auth/callback';

const provider = await startTestProvider({
  redirectUri: REDIRECT_URI,
  postLogoutRedirectUri: 'http://127.0.0.1:8080/',
});
const app = await createTestApp({
  env: {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: TEST_CLIENT.id,
    OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
    OIDC_REDIRECT_URI: REDIRECT_URI,
  },
});
afterAll(async () => {
  await app.close();
  await provider.close();
});

describe(`fuzzing the OpenID callback (${RUNS} cases)`, () => {
  it('never answers 5xx and never signs in, whatever the provider seems to send back', async () => {
    const start = await app.inject({ url: '/auth/login?next=%2F' });
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const transaction = start.cookies.find((c) => c.name === 'portal_oidc')?.value ?? '';
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom(state, provider.issuer, 'access_denied', '', 'x'.repeat(5000)),
    );
    const query = fc
      .array(
        fc.tuple(fc.constantFrom('code', 'state', 'iss', 'error', 'error_description', 'x'), value),
        {
          maxLength: 6,
        },
      )
      .map((pairs) => new URLSearchParams(pairs).toString());
    const cookie = fc.constantFrom('', `portal_oidc=${transaction}`, 'portal_oidc=garbage');

    await fc.assert(
      fc.asyncProperty(query, cookie, async (q, c) => {
        const response = await app.inject({ url: `/auth/callback?${q}`, headers: { cookie: c } });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(errorSchema.parse(response.json()).detail).toEqual(expect.any(String));
        expect(response.cookies.find((k) => k.name === 'portal_session')).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
