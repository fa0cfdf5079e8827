import { z } from 'zod';
import { DELEGATE_LANDINGS } from './delegate-sections.rules.js';

/**
 * Delegates' passkeys (issue 73): the WebAuthn ceremonies' options the server sends (parsed by the
 * delegate pages' script) and the browser's answers (parsed strictly by the server), as
 * `@simplewebauthn/browser` and `@simplewebauthn/server` write them.
 */

/** A ceremony's challenge lives this long, server-side, and is used once. */
export const PASSKEY_CHALLENGE_MINUTES = 2;

const base64url = /* @__PURE__ */ z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);
/** The transports WebAuthn names: a passkey's list holds each at most once (issue 87). */
export const PASSKEY_TRANSPORTS = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
] as const;
const transportSchema = /* @__PURE__ */ z.enum(PASSKEY_TRANSPORTS);
/**
 * The signature algorithms offered: EdDSA, ES256, RS256 (the library's default list probes Node's
 * experimental ML-DSA support, a warning in the log at every ceremony).
 */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];
/** Issue 87: the most passkeys a delegate's page lists, and a ceremony names (the first registered). */
export const PASSKEYS_LISTED_MAX = 50;
const descriptorSchema = /* @__PURE__ */ z.object({
  id: base64url,
  type: z.literal('public-key'),
  transports: z.array(transportSchema).max(PASSKEY_TRANSPORTS.length).optional(),
});
const descriptorsSchema = /* @__PURE__ */ z.array(descriptorSchema).max(PASSKEYS_LISTED_MAX);
const userVerificationSchema = /* @__PURE__ */ z.enum(['required', 'preferred', 'discouraged']);
const attachmentSchema = /* @__PURE__ */ z.enum(['platform', 'cross-platform']);

/** `POST /auth/delegate/passkeys/register/options`: what `navigator.credentials.create` asks. */
export const passkeyCreationOptionsSchema = /* @__PURE__ */ z.object({
  rp: z.object({ name: z.string(), id: z.string() }),
  user: z.object({ id: base64url, name: z.string(), displayName: z.string() }),
  challenge: base64url,
  pubKeyCredParams: z
    .array(z.object({ alg: z.number().int(), type: z.literal('public-key') }))
    .max(PASSKEY_ALGORITHMS.length),
  timeout: z.number().int().optional(),
  excludeCredentials: descriptorsSchema.optional(),
  authenticatorSelection: z
    .object({
      residentKey: z.enum(['required', 'preferred', 'discouraged']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: userVerificationSchema.optional(),
      authenticatorAttachment: attachmentSchema.optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
});

/** `POST /auth/delegate/passkeys/sign-in/options`: what `navigator.credentials.get` asks. */
export const passkeyRequestOptionsSchema = /* @__PURE__ */ z.object({
  challenge: base64url,
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: descriptorsSchema.optional(),
  userVerification: userVerificationSchema.optional(),
});

const extensionOutputsSchema = /* @__PURE__ */ z.strictObject({
  credProps: z.strictObject({ rk: z.boolean().optional() }).optional(),
});

/** What the browser's answer to either ceremony carries beside its `response`. */
const credentialFields = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: attachmentSchema.optional(),
  clientExtensionResults: extensionOutputsSchema,
};

/** `POST /auth/delegate/passkeys/register`: the browser's answer to the registration ceremony. */
export const passkeyRegistrationBodySchema = /* @__PURE__ */ z.strictObject({
  ...credentialFields,
  response: z.strictObject({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    authenticatorData: base64url.optional(),
    transports: z.array(transportSchema).max(PASSKEY_TRANSPORTS.length).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});
export type PasskeyRegistrationBody = z.infer<typeof passkeyRegistrationBodySchema>;

/** `POST /auth/delegate/passkeys/sign-in`: the browser's answer to the authentication ceremony. */
export const passkeySignInBodySchema = /* @__PURE__ */ z.strictObject({
  ...credentialFields,
  response: z.strictObject({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
});
export type PasskeySignInBody = z.infer<typeof passkeySignInBodySchema>;

/** A passkey as the delegate's page lists it. */
export const passkeySchema = /* @__PURE__ */ z.object({
  id: z.number().int(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
});
export const passkeyListSchema = /* @__PURE__ */ z.array(passkeySchema).max(PASSKEYS_LISTED_MAX);

/** `POST /auth/delegate/passkeys/sign-in`'s success: where the browser goes next. */
export const passkeySignedInSchema = /* @__PURE__ */ z.object({
  /** The first shared section when a student's share is chosen; the delegate's home to choose one (issue 88). */
  next: z.enum([...DELEGATE_LANDINGS, '/auth/delegate']),
});

/** `POST /auth/delegate/passkeys/:id/remove`: which passkey. */
export const passkeyParamsSchema = /* @__PURE__ */ z.object({ id: z.coerce.number().int() });
