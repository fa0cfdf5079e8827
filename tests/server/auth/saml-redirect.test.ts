import { describe, expect, it } from 'vitest';
import { inflateBounded, verifyRedirectSignature } from '../../../server/auth/saml-redirect.js';
import { SamlRefusedError } from '../../../server/auth/saml-request.js';
import { makeKeyPair } from '../helpers/saml-idp.js';
import { RSA_SHA1, logoutRequestXml, probes, redirectQuery } from '../helpers/saml-portal.js';

const idp = makeKeyPair('Test IdP');
const stranger = makeKeyPair('Not the IdP');

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    if (err instanceof SamlRefusedError) return err.reason;
    throw err;
  }
  return 'accepted';
}
const verify =
  (query: string, allowSha1 = false) =>
  () =>
    verifyRedirectSignature(query.slice(1), [idp.cert], allowSha1);

describe('the HTTP-Redirect binding, checked before anything is inflated', () => {
  it('answers a message signed by the IdP over its query, still deflated', async () => {
    const xml = logoutRequestXml('kp');
    const { kind, deflated } = verifyRedirectSignature(
      redirectQuery(xml, { key: idp.key, relayState: 'r' }).slice(1),
      [idp.cert],
      false,
    );
    expect(kind).toBe('SAMLRequest');
    expect(await inflateBounded(deflated)).toBe(xml);
  });

  it('refuses at the signature, not at the inflation, bytes that are no deflate stream at all', () => {
    const garbage = Buffer.from('not deflate data at all');
    expect(reasonOf(verify(redirectQuery('', { deflated: garbage })))).toBe('signature');
    expect(reasonOf(verify(redirectQuery('', { deflated: garbage, key: stranger.key })))).toBe(
      'signature',
    );
    // Signed by the IdP, the same bytes pass the signature and only then fail to inflate.
    expect(reasonOf(verify(redirectQuery('', { deflated: garbage, key: idp.key })))).toBe(
      'accepted',
    );
  });

  it('refuses a RelayState the signature does not cover, and a parameter given twice', () => {
    const query = redirectQuery(logoutRequestXml('kp'), { key: idp.key, relayState: 'a' });
    expect(reasonOf(verify(query.replace('RelayState=a', 'RelayState=b')))).toBe('signature');
    expect(reasonOf(verify(`${query}&RelayState=a`))).toBe('malformed');
  });

  it('refuses RSA-SHA1 unless allowed', () => {
    const query = redirectQuery(logoutRequestXml('kp'), { key: idp.key, sigAlg: RSA_SHA1 });
    expect(reasonOf(verify(query))).toBe('sha1');
    expect(reasonOf(verify(query, true))).toBe('accepted');
  });

  it('inflates within the document bound only: the 9.7 KB logout bomb stops at it', async () => {
    await expect(inflateBounded(probes.sloBomb())).rejects.toMatchObject({ reason: 'malformed' });
  });
});
