import { SAML } from '@node-saml/node-saml';
import type { CacheProvider } from '@node-saml/node-saml';
import { SignedXml } from 'xml-crypto';
import { isSha1Algorithm } from './saml-request.js';
import { noCache, nodeSamlOptions, reasonOf } from './saml-task.js';
import type { LogoutTask, ResponseTask, SamlOutcome, SamlTask } from './saml-task.js';

/*
 * The SAML thread (run by the pool in saml-pool.ts): node-saml's DOM, XPath, decryption and
 * signature work, which is synchronous and, on a hostile document, slow. The caller has bounded and
 * shaped the document first; here it only has to be right.
 */

/** Whether SHA-1 is refused now (during a task that does not allow it), and whether it was. */
let refusingSha1 = false;
let refusedSha1 = false;

/**
 * xml-crypto looks every signature and digest algorithm up by URI through these two methods (for a
 * signature in the clear or inside an encrypted assertion alike): SHA-1 is refused there. They are
 * private in its types, hence the cast; this thread runs no other xml-crypto.
 */
type Finder = (this: SignedXml, name: string) => unknown;
const proto = SignedXml.prototype as unknown as Record<
  'findSignatureAlgorithm' | 'findHashAlgorithm',
  Finder
>;
for (const method of ['findSignatureAlgorithm', 'findHashAlgorithm'] as const) {
  const original = proto[method];
  proto[method] = function refuseSha1(this: SignedXml, name: string) {
    if (refusingSha1 && typeof name === 'string' && isSha1Algorithm(name)) {
      refusedSha1 = true;
      throw new Error(`SHA-1 (${name}) is not accepted`);
    }
    return original.call(this, name);
  };
}

async function response(task: ResponseTask): Promise<SamlOutcome> {
  const cache: CacheProvider = {
    ...noCache,
    getAsync: async (id) =>
      id === task.pending.id ? new Date(task.pending.createdAt).toISOString() : null,
  };
  const { profile } = await new SAML(nodeSamlOptions(task.setup, cache)).validatePostResponseAsync({
    SAMLResponse: task.samlResponse,
  });
  if (!profile)
    return { ok: false, reason: 'no-assertion', message: 'the response carries no sign-in' };
  return {
    ok: true,
    nameId: profile.nameID,
    nameIdFormat: profile.nameIDFormat,
    sessionIndex: profile.sessionIndex,
    assertion: profile.getAssertion?.(),
    id: undefined,
  };
}

async function logout(task: LogoutTask): Promise<SamlOutcome> {
  const saml = new SAML(nodeSamlOptions(task.setup, noCache));
  const { profile } = await saml.validateRedirectAsync(task.query, task.rawQuery);
  if (!profile) {
    return { ok: false, reason: 'invalid-logout', message: 'the logout request names nobody' };
  }
  return {
    ok: true,
    nameId: profile.nameID,
    nameIdFormat: profile.nameIDFormat,
    sessionIndex: profile.sessionIndex,
    assertion: undefined,
    id: profile.ID,
  };
}

/** One message checked; a refusal is an answer (with its reason), not a crash. */
export default async function checkSamlMessage(task: SamlTask): Promise<SamlOutcome> {
  if (task.kind === 'warm') return { ok: false, reason: 'warm', message: 'the thread is ready' };
  refusingSha1 = !task.setup.allowSha1;
  refusedSha1 = false;
  try {
    return await (task.kind === 'response' ? response(task) : logout(task));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (refusedSha1) return { ok: false, reason: 'sha1', message };
    return {
      ok: false,
      reason: task.kind === 'logout' ? 'invalid-logout' : reasonOf(message),
      message,
    };
  }
}
