import { describe, expect, it, vi } from 'vitest';
import type { SamlSetup } from '../../../server/auth/saml-task.js';
import checkSamlMessage from '../../../server/auth/saml-worker.js';
import { TestIdp, makeKeyPair } from '../helpers/saml-idp.js';
import { IDP, PORTAL, RSA_SHA1, SLO, SSO } from '../helpers/saml-portal.js';
import { spMetadata } from '../../../server/auth/saml-sp-metadata.js';
import { loadConfig } from '../../../server/config.js';
import { tempFile } from '../helpers/saml-idp.js';

// A SAML app starts node-saml's worker thread (its TypeScript compiled on the way in tests): on a
// loaded two-core machine the first start took over 20 s, so these suites get a minute a test.
vi.setConfig({ testTimeout: 60_000 });

describe('the SAML thread', () => {
  it('refuses SHA-1 in xml-crypto itself, behind the document pass (which cannot see a signature inside an encrypted assertion), unless allowed', async () => {
    const spKeys = makeKeyPair('Campus Portal');
    const idp = new TestIdp({
      entityId: IDP,
      ssoUrl: SSO,
      sloUrl: SLO,
      signatureAlgorithm: RSA_SHA1,
      encryptAssertions: true,
    });
    const saml = loadConfig({
      NODE_ENV: 'test',
      SAML_IDP_METADATA: tempFile('idp.xml', idp.metadata()),
      SAML_SP_KEY_FILE: tempFile('sp.key', spKeys.key),
      SAML_SP_CERT_FILE: tempFile('sp.crt', spKeys.cert),
      PUBLIC_ORIGIN: PORTAL,
    }).saml;
    if (!saml) throw new Error('no SAML configuration');
    const sp = TestIdp.sp(spMetadata(saml, 'Campus Portal'));
    const setup = (allowSha1: boolean): SamlSetup => ({
      entityId: saml.entityId,
      acsUrl: saml.acsUrl,
      sloUrl: saml.sloUrl,
      privateKey: saml.privateKey,
      idpEntityId: IDP,
      idpSsoUrl: SSO,
      idpSloUrl: SLO,
      idpCerts: [idp.keys.cert],
      allowSha1,
    });
    // Made first: the test IdP signs with the xml-crypto the thread's check refuses SHA-1 in.
    const responses = await Promise.all(
      [0, 1].map(async () => {
        const id = `_${crypto.randomUUID()}`;
        return { id, samlResponse: await idp.respond(sp, id, { nameId: 'kp', attributes: {} }) };
      }),
    );
    const check = async (allowSha1: boolean) => {
      const { id, samlResponse } = responses[allowSha1 ? 1 : 0]!;
      return checkSamlMessage({
        kind: 'response',
        setup: setup(allowSha1),
        samlResponse,
        pending: { id, createdAt: Date.now() },
      });
    };
    expect(await check(false)).toMatchObject({ ok: false, reason: 'sha1' });
    expect(await check(true)).toMatchObject({ ok: true, nameId: 'kp' });
  });
});
