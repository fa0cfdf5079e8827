import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';

/*
 * What the SAML routes need of a sign-in without the SAML library (saml-sp.ts): its limits, its
 * refusal and the browser's cookie. The routes import this, so a server without SAML_* loads no SAML
 * or XML code; app.ts loads saml-sp.ts only when SAML is configured.
 */

/** How long a sign-in may take at the identity provider before its answer is refused. */
export const SAML_REQUEST_MINUTES = 10;
/** The clock difference allowed between the identity provider and this server. */
export const SAML_CLOCK_SKEW_MS = 60_000;
/** A POSTed SAMLResponse larger than this is refused before it is decoded. */
export const SAML_RESPONSE_MAX_CHARS = 256 * 1024;

/** A response the portal does not accept: the reason goes to the log and the audit entry. */
export class SamlRefusedError extends Error {
  override name = 'SamlRefusedError';
  constructor(
    readonly reason: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The hash the store keeps of a browser's sign-in cookie; the cookie itself never leaves the browser. */
export const browserHashOf = (value: string) => createHash('sha256').update(value).digest('hex');
export const newBrowserValue = () => randomBytes(32).toString('base64url');

/** The single logout details kept (sealed) for a session signed in by SAML. */
export const samlSessionSchema = z.object({
  nameId: z.string(),
  nameIdFormat: z.string().optional(),
  sessionIndex: z.string().optional(),
});
export type SamlSession = z.infer<typeof samlSessionSchema>;
