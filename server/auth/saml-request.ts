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

/** A SHA-1 algorithm URI (signature or digest), refused unless SAML_ALLOW_SHA1 is set. */
export const isSha1Algorithm = (uri: string) => /(^|[#-])sha1$/i.test(uri.trim());

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

/**
 * A sign-in this browser started and has not finished: the AuthnRequest's id (the answer's
 * InResponseTo), where to go after, and when it was sent (ms). Kept sealed in the browser's cookie,
 * so an anonymous /auth/login writes nothing on the server.
 */
export const pendingSamlRequestSchema = z.object({
  id: z.string().max(100),
  next: z.string().max(2048),
  at: z.number().int(),
});
export type PendingSamlRequest = z.infer<typeof pendingSamlRequestSchema>;
/** Sign-ins one browser may have started at once (several tabs); the oldest is forgotten past it. */
export const SAML_PENDING_MAX = 3;

/** The single logout details kept (sealed) for a session signed in by SAML. */
export const samlSessionSchema = z.object({
  nameId: z.string(),
  nameIdFormat: z.string().optional(),
  sessionIndex: z.string().optional(),
});
export type SamlSession = z.infer<typeof samlSessionSchema>;
