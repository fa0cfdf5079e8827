import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ServiceProviderInstance } from 'samlify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../helpers/app.js';
import { TestIdp, makeKeyPair } from '../../helpers/saml-idp.js';
import type { TestKeyPair } from '../../helpers/saml-idp.js';
import {
  IDP,
  SLO,
  SSO,
  postSamlResponse,
  probes,
  redirectQuery,
  samlEnvFor,
  startSamlSignIn,
} from '../../helpers/saml-portal.js';

// A SAML app starts node-saml's worker thread (its TypeScript compiled on the way in tests): on a
// loaded two-core machine the first start took over 20 s, so these suites get a minute a test.
vi.setConfig({ testTimeout: 60_000 });

/**
 * The bound for one refusal is 50 ms; the best of ten tries is held to it, so a busy
 * shared machine's scheduling does not fail the test while a slow refusal (the stall took
 * seconds) always does. On a machine loaded enough that an ordinary refusal of a 4-byte document
 * takes more than a tenth of that, the bound is ten of those (a CI host once took 57 ms). The real
 * figures are in bench/saml-probe.bench.ts.
 */
const REFUSAL_BOUND_MS = 50;
const boundAfter = (ordinaryMs: number) => Math.max(REFUSAL_BOUND_MS, 10 * ordinaryMs);

async function fastest(tries: number, attempt: () => Promise<void>): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < tries; i += 1) {
    const started = performance.now();
    await attempt();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe('hostile SAML messages are refused quickly, before any XML library sees them', () => {
  let spKeys: TestKeyPair;
  let idp: TestIdp;
  let app: FastifyInstance;
  let sp: ServiceProviderInstance;
  /** The reasons the log gave for refused logout requests. */
  let reasons: string[];
  const opened: FastifyInstance[] = [];

  beforeAll(() => {
    spKeys = makeKeyPair('Campus Portal');
    idp = new TestIdp({ entityId: IDP, ssoUrl: SSO, sloUrl: SLO });
  });
  afterEach(async () => {
    for (const each of opened.splice(0)) await each.close();
  });

  async function samlApp(env: Record<string, string> = {}) {
    reasons = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const line: unknown = JSON.parse(chunk.toString('utf8'));
        if (typeof line === 'object' && line !== null && 'reason' in line) {
          reasons.push(String(line.reason));
        }
        done();
      },
    });
    app = await createTestApp({
      env: samlEnvFor(idp, spKeys, env),
      logger: { level: 'warn', stream },
    });
    opened.push(app);
    sp = TestIdp.sp((await app.inject({ url: '/auth/saml/metadata' })).body);
    return app;
  }

  /** The last audit entry is the refusal of a sign-in for `reason`. */
  async function expectRefusedFor(reason: string) {
    const [entry] = await app.repositories.audit.latest(1);
    expect(entry).toMatchObject({
      action: 'auth.signInFailed',
      detail: { method: 'saml', reason },
    });
  }

  for (const [name, probe] of [
    ['40,000 empty siblings under the Response', probes.siblings],
    ['an entity bomb (a DOCTYPE)', probes.entities],
    ['20,000 nested elements', probes.nested],
  ] as const) {
    it(`refuses ${name} at the ACS in under ${REFUSAL_BOUND_MS} ms, with the sign-in problem page`, async () => {
      await samlApp();
      const { id, cookie } = await startSamlSignIn(app, idp, sp);
      const document = Buffer.from(probe(id)).toString('base64');
      const refuse = (body: string) => async () => {
        const answer = await postSamlResponse(app, body, cookie);
        expect(answer.statusCode).toBe(400);
        expect(answer.body).toContain('Sign-in did not complete');
      };
      const ordinary = await fastest(10, refuse(Buffer.from('<x/>').toString('base64')));
      const took = await fastest(10, refuse(document));
      expect(took).toBeLessThan(boundAfter(ordinary));
      await expectRefusedFor('malformed');
    });
  }

  it(`refuses the 9.7 KB logout bomb in under ${REFUSAL_BOUND_MS} ms, unsigned or signed by another key, without inflating it`, async () => {
    await samlApp();
    const deflated = probes.sloBomb();
    const other = makeKeyPair('Not the IdP');
    for (const query of [
      redirectQuery('', { deflated }),
      redirectQuery('', { deflated, key: other.key }),
    ]) {
      const took = await fastest(10, async () => {
        const answer = await app.inject({ url: `/auth/saml/slo${query}` });
        expect(answer.statusCode).toBe(400);
      });
      expect(took).toBeLessThan(REFUSAL_BOUND_MS);
    }
    // The signature was refused: nothing was inflated to find anything else wrong.
    expect(new Set(reasons)).toEqual(new Set(['signature']));
  });

  it(`refuses the same bomb signed by the IdP itself at its inflated bound, in under ${REFUSAL_BOUND_MS} ms`, async () => {
    await samlApp();
    const query = redirectQuery('', { deflated: probes.sloBomb(), key: idp.keys.key });
    const took = await fastest(10, async () => {
      expect((await app.inject({ url: `/auth/saml/slo${query}` })).statusCode).toBe(400);
    });
    expect(took).toBeLessThan(REFUSAL_BOUND_MS);
    expect(new Set(reasons)).toEqual(new Set(['malformed']));
  });

  it('refuses at the ACS a document whose root is not a SAML protocol Response', async () => {
    await samlApp();
    const { id, cookie } = await startSamlSignIn(app, idp, sp);
    for (const xml of [
      `<Response InResponseTo="${id}"/>`,
      `<samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" InResponseTo="${id}"/>`,
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:1.0:protocol" InResponseTo="${id}"/>`,
    ]) {
      const answer = await postSamlResponse(app, Buffer.from(xml).toString('base64'), cookie);
      expect(answer.statusCode).toBe(400);
      await expectRefusedFor('malformed');
    }
  });

  it('answers a full SAML thread with the sign-in problem page, never a 500', async () => {
    await samlApp();
    const { id, cookie } = await startSamlSignIn(app, idp, sp);
    // Twenty signed-looking responses at once: the thread takes sixteen in turn, the rest wait none.
    const response = await idp.respond(sp, id, { nameId: 'x', attributes: {} });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postSamlResponse(app, response, cookie)),
    );
    const codes = new Set(answers.map((a) => a.statusCode));
    expect([...codes].every((c) => c === 303 || c === 400 || c === 403)).toBe(true);
  });
});
